// Placeholder: the Multiformats module is being built under issue #2.
