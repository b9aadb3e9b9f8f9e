import Testing

@Test func sandboxModuleBuilds() {}
