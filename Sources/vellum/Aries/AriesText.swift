import AnonCreds
import Foundation
import JSONModel
import Wallet

/// What `vellum aries` prints of connections and state objects, as text and as JSON.
enum AriesText {
    /// The libvcx state's name.
    static func stateName(_ state: Int) -> String {
        switch state {
        case 3: "received"
        case 2: "sent"
        case 4: "accepted"
        case 9: "rejected"
        default: "abandoned"
        }
    }

    static func offer(_ credential: AriesCredential, from label: String?) -> String {
        var lines = ["\(label ?? "The agent") offers a credential\(credential.comment.map { ": \($0)" } ?? ""):"]
        for (name, value) in credential.previewAttributes.sorted(by: { $0.key < $1.key }) { lines.append("  \(name): \(value)") }
        if let (offered, proofType) = credential.offeredLinkedDataCredential {
            let types = offered["type"]?.arrayValue?.compactMap(\.stringValue) ?? []
            lines.append("  a W3C credential (\(types.joined(separator: ", "))) with a \(proofType ?? "?") proof")
            for (name, value) in offered["credentialSubject"]?.objectValue ?? [:] where name != "id" {
                lines.append("  \(name): \(value.stringValue ?? value.serializedString())")
            }
        }
        for attachment in credential.attachments {
            lines.append("  attachment: \(attachment.filename ?? attachment.id ?? "-") (\(attachment.mimeType ?? "?"))")
        }
        return lines.joined(separator: "\n")
    }

    static func request(
        _ proof: DisclosedProof, from label: String?, candidates: CredentialSearch.Candidates?, linkedData: [String: [String]] = [:]
    ) -> String {
        var lines = ["\(label ?? "The agent") asks for a proof\(proof.comment.map { ": \($0)" } ?? ""):"]
        if let candidates {
            for (referent, ids) in candidates.attributes.sorted(by: { $0.key < $1.key }) {
                lines.append("  reveal \(referent) from \(ids.first ?? "(no stored credential)")")
            }
            for (referent, ids) in candidates.predicates.sorted(by: { $0.key < $1.key }) {
                lines.append("  prove \(referent) without revealing it, from \(ids.first ?? "(no stored credential)")")
            }
        }
        for (id, name) in proof.requestedInputDescriptors {
            lines.append("  present \(linkedData[id]?.first ?? "(no stored credential)") for \(name), signed by your holder DID")
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ connection: AriesConnection) -> JSONValue {
        [
            "id": .string(connection.id), "kind": .string(connection.kind.rawValue), "label": WalletJSON.string(connection.label),
            "myDID": .string(connection.myDID), "theirDID": WalletJSON.string(connection.theirDID),
        ]
    }

    static func json(_ credential: AriesCredential) -> JSONValue {
        var object = common(credential)
        object["attributes"] = .object(JSONObject(credential.previewAttributes.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }))
        object["storedCredentialID"] = WalletJSON.string(credential.storedCredentialID)
        object["attachments"] = .array(credential.attachments.map(\.jsonValue))
        return .object(object)
    }

    static func json(_ proof: DisclosedProof) -> JSONValue { .object(common(proof)) }

    private static func common<Exchange>(_ object: AriesStateObject<Exchange>) -> JSONObject {
        [
            "id": .string(object.id), "connectionID": .string(object.connectionID), "threadID": .string(object.threadID),
            "state": .number(.init(object.state)), "stateName": .string(stateName(object.state)), "comment": WalletJSON.string(object.comment),
        ]
    }

    /// One line of `offers` / `proofs`.
    static func line<Exchange>(_ object: AriesStateObject<Exchange>) -> String {
        "\(object.id)  \(stateName(object.state)) (\(object.state))  \(object.comment ?? "-")"
    }

    /// `offers` and `proofs`: the state objects `load` reads, pending ones unless `all`.
    static func listPending<Exchange>(
        options: WalletOptions, all: Bool, json: Bool, noun: String,
        load: (CredentialWallet) async throws -> [AriesStateObject<Exchange>], json render: (AriesStateObject<Exchange>) -> JSONValue
    ) async throws {
        try await WalletCommandRunner.run {
            let wallet = try await options.open()
            let objects = try await load(wallet).filter { all || $0.isPending }
            try await wallet.close()
            if json { return WalletJSON.print(.array(objects.map(render))) }
            objects.forEach { print(line($0)) }
            print("\(objects.count) \(noun)(s)")
        }
    }
}
