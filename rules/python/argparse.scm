; argparse: parser.add_argument(...), group.add_argument(...), also in mutually
; exclusive groups. The receiver tells the argument group.
(call
  function: (attribute
    object: (_) @receiver
    attribute: (identifier) @_method)
  arguments: (argument_list) @args
  (#match? @_method "^({{methods}})$")) @match
