"""drift as a GitHub App: a webhook server that verifies and enqueues, and workers that
analyse pull requests and report on them. Run with `drift serve` and `drift worker`."""
