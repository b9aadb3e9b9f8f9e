// Placeholder: the X509Trust module is being built under issue #2.
