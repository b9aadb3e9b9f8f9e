// Placeholder: the DID module is being built under issue #2.
