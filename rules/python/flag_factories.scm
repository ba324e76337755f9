; A call that turns config classes into flags: its class arguments are recorded, and the
; fields of those classes (found in any file, by the dataclass-fields rule) become flags.
(call
  function: [(identifier) @_factory (attribute attribute: (identifier) @_factory)]
  arguments: (argument_list) @args
  (#match? @_factory "^({{factories}})$")) @match
