; A call that turns config classes into flags: its class arguments are recorded, and the
; fields of those classes (found in any file, by the dataclass-fields rule) become flags.
; A project's own parser class (`ArgumentParserPlus((Config, TokenizerConfig))`) is kept
; too: the index makes it a factory when the class extends one (HfArgumentParser).
(call
  function: [(identifier) @_factory (attribute attribute: (identifier) @_factory)]
  arguments: (argument_list) @args
  (#match? @_factory "^({{factories}}|[A-Z][A-Za-z0-9_]*Parser[A-Za-z0-9_]*)$")) @match
