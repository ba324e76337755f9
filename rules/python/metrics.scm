; Metric names: keys of a dict passed to a logger, a name passed as first argument
; (writer.add_scalar("train/loss", v)), and keys assigned into a metrics dict
; (log_dict["rollout/reward"] = r, log_dict[f"eval/{name}"] = v).
(call
  function: [(identifier) @_emitter (attribute attribute: (identifier) @_emitter)]
  arguments: (argument_list . (dictionary) @dict)
  (#match? @_emitter "^({{emitters}})$")) @match

(call
  function: [(identifier) @_emitter (attribute attribute: (identifier) @_emitter)]
  arguments: (argument_list . [(string) (binary_operator) (call)] @key)
  (#match? @_emitter "^({{emitters}})$")) @match

(assignment
  left: (subscript
    value: [(identifier) @container (attribute attribute: (identifier) @container)]
    subscript: [(string) (binary_operator) (call)] @key)) @match

(assignment
  left: [(identifier) @container (attribute attribute: (identifier) @container)]
  right: (dictionary) @dict) @match

; all_actor_metrics = {f"actor/{key}": mean(v) for key, v in all_actor_metrics.items()}:
; a prefix over the keys of a dict, a family of names.
(assignment
  left: [(identifier) @container (attribute attribute: (identifier) @container)]
  right: (dictionary_comprehension body: (pair key: (string) @key))) @match

(call
  function: (attribute
    object: [(identifier) @container (attribute attribute: (identifier) @container)]
    attribute: (identifier) @_update)
  arguments: (argument_list . (dictionary) @dict)
  (#eq? @_update "update")) @match

; One dict of metrics per mode or split: self._metrics[mode]["num_tokens"] = [...] and
; self._metrics[mode]["rewards/chosen"].append(v) (TRL's trainers).
(assignment
  left: (subscript
    value: (subscript
      value: [(identifier) @container (attribute attribute: (identifier) @container)])
    subscript: [(string) (binary_operator) (call)] @key)) @match

(call
  function: (attribute
    object: (subscript
      value: [(identifier) @container (attribute attribute: (identifier) @container)
              (subscript value: [(identifier) @container (attribute attribute: (identifier) @container)])]
      subscript: [(string) (binary_operator) (call)] @key)
    attribute: (identifier) @_append)
  (#match? @_append "^(append|extend|add)$")) @match

; def _reward_log_metrics(rewards, prefix="rewards"): return {f"{prefix}/mean": ...}: a
; function named for metrics hands its dict's keys to whoever logs them.
(function_definition
  name: (identifier) @container
  body: (block
    (return_statement (dictionary) @dict) @match))
