// Placeholder: the COSE module is being built under issue #2.
