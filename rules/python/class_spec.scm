; A class that declares its parameters in a configobj spec string assigned in its body:
; stpipe's steps (`spec = """ sigma = float(default=3.0) """`), which its `strun` command
; takes as `--sigma`. @class is the class's name, @spec the string, @_spec the name it is
; assigned to (one of {{attributes}}).
(class_definition
  name: (identifier) @class
  body: (block
    (expression_statement
      (assignment
        left: (identifier) @_spec
        right: (string) @spec) @match))
  (#match? @_spec "^({{attributes}})$"))
