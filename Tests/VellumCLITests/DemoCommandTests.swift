import Testing

/// `vellum demo` is the newcomer's first run: it must finish, offline, with every check holding.
@Suite("vellum demo", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct DemoCommandTests {
    @Test("runs offline and every check it prints holds")
    func demoPasses() throws {
        let result = try VellumBinary.run(["demo"])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("10 checks passed, 0 failed."))
        #expect(!result.standardOutput.contains("✗"))
        #expect(result.standardOutput.contains("did:key:z6Mk"))
        #expect(result.standardOutput.contains("18([h'a10126'"))
    }
}
