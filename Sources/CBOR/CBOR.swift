// Placeholder: the CBOR module is being built under issue #2.
