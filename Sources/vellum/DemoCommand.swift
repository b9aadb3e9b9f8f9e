import ArgumentParser

/// `vellum demo`: a first run that shows what Vellum can do, end to end, offline.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Walk through what Vellum can do, offline, in a few seconds."
    )

    func run() async throws {
        print("Vellum demo — nothing here yet.")
    }
}
