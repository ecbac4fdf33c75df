"""The Go libraries CDI's webhooks call whose answers decide a verdict: Go's ``net/url`` and the
vendored ``github.com/robfig/cron/v3`` parser."""
