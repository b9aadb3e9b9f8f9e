// Placeholder: the JOSE module is being built under issue #2.
