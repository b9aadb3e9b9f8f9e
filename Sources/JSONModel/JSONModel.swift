// Placeholder: the JSONModel module is being built under issue #2.
