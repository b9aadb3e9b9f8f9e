import ArgumentParser
import DID
import Foundation
import HTTP

/// `vellum did resolve`: print the DID document of a DID.
struct DIDResolveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Resolve a DID and print its DID document as JSON.",
        discussion: """
            did:key, did:jwk and did:peer are resolved offline; did:web is fetched over HTTPS.
            """
    )

    @Argument(help: "The DID to resolve, such as did:key:z6Mk… or did:web:example.com.")
    var did: String

    @OptionGroup var network: NetworkOptions

    func run() async throws {
        let registry = DIDResolverRegistry.standard(httpClient: NetworkOptions.client(network))
        let resolution: DIDResolution
        do {
            resolution = try await registry.resolve(did)
        } catch {
            CommandOutput.fail(error.description, hint: did.hasPrefix("did:") ? nil : "a DID starts with did:, such as did:key:z6Mk… or did:web:example.com", exitCode: 1)
            throw ExitCode.failure
        }
        print(PrettyJSON.string(resolution.document))
    }
}
