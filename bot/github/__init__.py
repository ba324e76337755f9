"""The GitHub edge: turns findings into a pull-request review, a sticky summary comment
and a check run (reporter), and runs drift as a GitHub App or Action. Nothing in the
engine imports this package."""
