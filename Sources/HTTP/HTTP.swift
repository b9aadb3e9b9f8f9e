// Placeholder: the HTTP module is being built under issue #2.
