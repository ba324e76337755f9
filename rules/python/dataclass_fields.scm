; Every @dataclass: its fields, kept so a flag factory elsewhere can expose them.
(decorated_definition
  (decorator) @_decorator
  definition: (class_definition
    name: (identifier) @class
    body: (block) @body)
  (#match? @_decorator "dataclass")) @match
