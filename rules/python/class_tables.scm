; A class that lists its options in a table assigned in its body: Twisted's usage.Options
; (`optFlags = [["nodaemon", "n", "help"]]`, `optParameters = [["logfile", "l", None,
; "help"]]`) and setuptools-style commands (`user_options = [("input-file=", "i", "help")]`).
; @class is the class's name, @bases its superclasses (a mixin may have none), @table the
; list, @_table the name it is assigned to (one of {{tables}}).
(class_definition
  name: (identifier) @class
  superclasses: (argument_list)? @bases
  body: (block
    (expression_statement
      (assignment
        left: (identifier) @_table
        right: (list) @table) @match))
  (#match? @_table "^({{tables}})$"))
