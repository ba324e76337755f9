; setuptools/distutils commands: a class lists its options in `user_options = [("input-file=",
; "i", "help"), ("statistics", None, "help")]`: a trailing `=` takes a value. babel's
; pybabel and `setup.py compile_catalog` share these tables. @class is the class's name.
(class_definition
  name: (identifier) @class
  body: (block
    (expression_statement
      (assignment
        left: (identifier) @_table
        right: (list) @table) @match))
  (#match? @_table "^({{tables}})$"))
