; A class whose fields a parser turns into flags (HfArgumentParser, tyro, a project's
; own ScriptArgs). The builder reads `name: type = default` lines of its body.
(class_definition
  name: (identifier) @class
  body: (block) @body
  (#match? @class "^({{classes}})$")) @match
