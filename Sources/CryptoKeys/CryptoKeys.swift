// Placeholder: the CryptoKeys module is being built under issue #2.
