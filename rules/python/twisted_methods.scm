; Twisted's usage.Options: each `opt_name` method of an options class (or a mixin named
; like one) is the option `--name`. @class is the class's name, @bases its superclasses.
(class_definition
  name: (identifier) @class
  superclasses: (argument_list)? @bases
  body: (block
    (function_definition
      name: (identifier) @method) @match)
  (#match? @method "^{{method_prefix}}"))
