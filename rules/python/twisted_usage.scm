; Twisted's usage.Options: a class lists its options in tables, `optFlags = [["nodaemon",
; "n", "help"]]` and `optParameters = [["logfile", "l", None, "help"]]`, and each
; `opt_name` method is the option `--name`. @class is the class's name, @bases its
; superclasses (a mixin such as trial's `_BasicOptions` has none).
(class_definition
  name: (identifier) @class
  superclasses: (argument_list)? @bases
  body: (block
    (expression_statement
      (assignment
        left: (identifier) @_table
        right: (list) @table) @match))
  (#match? @_table "^({{tables}})$"))

(class_definition
  name: (identifier) @class
  superclasses: (argument_list)? @bases
  body: (block
    (function_definition
      name: (identifier) @method) @match)
  (#match? @method "^{{method_prefix}}"))
