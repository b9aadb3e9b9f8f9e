/// Reference issuers and verifiers for the demo, the tests and the benchmarks.
public enum Sandbox {}
