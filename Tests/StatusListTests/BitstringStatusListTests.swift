import Foundation
import JSONModel
import Multiformats
import StatusList
import Testing
import VellumTestSupport

/// The W3C Bitstring Status List v1.0: GZIP + multibase, most significant bit first, the
/// entry and credential data model and the validate algorithm (§4.2). Proofs are not checked
/// here (see the module documentation).
@Suite struct BitstringStatusListTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let listURL = "https://example.com/credentials/status/3"

    /// Index 0 is the left-most bit: setting it gives 0x80, index 7 gives 0x01.
    @Test func countsFromTheMostSignificantBit() throws {
        var list = try BitstringStatusList(entries: 16)
        try list.setValue(1, at: 0)
        try list.setValue(1, at: 7)
        try list.setValue(1, at: 9)
        #expect(list.bytes == Data([0x81, 0x40]))
        #expect(try list.value(at: 0) == 1)
        #expect(try list.value(at: 1) == 0)
        #expect(try list.value(at: 9) == 1)
        // The IETF list reads the same bytes the other way round.
        let ietf = TokenStatusList(bits: .one, bytes: list.bytes)
        #expect(try ietf.status(at: 0) == .invalid)
        #expect(try ietf.status(at: 7) == .invalid)
        #expect(try ietf.status(at: 9) == .valid)
        #expect(try ietf.status(at: 14) == .invalid)
    }

    @Test func readsMultiBitValuesMostSignificantBitFirst() throws {
        var list = BitstringStatusList(bytes: Data([0b1011_0001, 0b1100_0000]))
        #expect(try list.value(at: 0, statusSize: 2) == 0b10)
        #expect(try list.value(at: 1, statusSize: 2) == 0b11)
        #expect(try list.value(at: 3, statusSize: 2) == 0b01)
        #expect(try list.value(at: 1, statusSize: 3) == 0b100)  // bits 3, 4, 5
        #expect(try list.value(at: 0, statusSize: 8) == 0b1011_0001)
        try list.setValue(0b01, at: 0, statusSize: 2)
        #expect(list.bytes[0] == 0b0111_0001)
        #expect(throws: StatusListError.self) { try list.setValue(4, at: 0, statusSize: 2) }
        #expect(throws: StatusListError.self) { try list.value(at: 0, statusSize: 9) }
        #expect(throws: StatusListError.self) { try list.value(at: 0, statusSize: 0) }
        #expect(throws: StatusListError.indexOutOfRange(index: 5, count: 5)) { try list.value(at: 5, statusSize: 3) }
        #expect(throws: StatusListError.indexOutOfRange(index: -1, count: 16)) { try list.value(at: -1) }
    }

    @Test func encodedListRoundTripsAsMultibaseGzip() throws {
        var list = try BitstringStatusList()
        try list.setValue(1, at: 94_567)
        let encoded = try list.encodedList()
        #expect(encoded.hasPrefix("uH4sI"), "multibase u + the GZIP magic 1f 8b 08")
        let decoded = try BitstringStatusList(encodedList: encoded)
        #expect(decoded == list)
        #expect(decoded.entryCount() == BitstringStatusList.minimumEntries)
    }

    /// The recommendation's example lists (all of its `<pre>` examples that are JSON).
    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func theRecommendationsExamplesDecode() throws {
        let examples = try W3CExamples.load()
        #expect(examples.credentials.count == 2)
        for credential in examples.credentials {
            #expect(credential.id == Self.listURL)
            #expect(credential.statusPurposes == [.revocation])
            #expect(credential.issuer == "did:example:12345")
            let list = try credential.statusList()
            #expect(list.bitCount == 131_072)
            #expect(list.bytes.allSatisfy { $0 == 0 })
        }
        #expect(examples.entries.count >= 7)
        let revocation = try #require(examples.entries.first { $0.statusListCredential == Self.listURL })
        #expect(revocation.statusListIndex == 94_567)
        #expect(revocation.statusPurpose == .revocation)
        #expect(revocation.statusSize == 1)
        let status = try examples.credentials[0].status(for: revocation, at: Self.now)
        #expect(status.isValid)
        #expect(status.result == .valid)
        // The suspension entries point at other lists.
        let suspension = try #require(examples.entries.first { $0.statusPurpose == .suspension })
        #expect(throws: StatusListError.self) { try examples.credentials[0].status(for: suspension, at: Self.now) }
    }

    @Test func validatesRevocationSuspensionAndMessages() throws {
        var list = try BitstringStatusList()
        try list.setValue(1, at: 10)
        let credential = try makeCredential(purpose: ["revocation", "suspension"], list: list)
        let revoked = try entry(purpose: "revocation", index: "10")
        #expect(try credential.status(for: revoked, at: Self.now).result == .invalid)
        let suspended = try entry(purpose: "suspension", index: "10")
        #expect(try credential.status(for: suspended, at: Self.now).result == .suspended)
        #expect(try credential.status(for: entry(purpose: "revocation", index: "11"), at: Self.now).result == .valid)

        var twoBit = try BitstringStatusList(entries: BitstringStatusList.minimumEntries, statusSize: 2)
        try twoBit.setValue(2, at: 492_847 % 131_072, statusSize: 2)
        let messages = try makeCredential(purpose: ["message"], list: twoBit)
        let messageEntry = try BitstringStatusListEntry(json: [
            "type": "BitstringStatusListEntry", "statusPurpose": "message", "statusListIndex": .string(String(492_847 % 131_072)),
            "statusSize": 2, "statusListCredential": .string(Self.listURL),
            "statusMessage": [
                ["status": "0x0", "message": "pending_review"], ["status": "0x1", "message": "accepted"],
                ["status": "0x2", "message": "rejected"], ["status": "0x3", "message": "undefined"],
            ],
        ])
        let status = try messages.status(for: messageEntry, at: Self.now)
        #expect(status.value == 2)
        #expect(status.message == "rejected")
        #expect(status.result == .other(2))
    }

    // MARK: - Validation failures

    @Test func refusesAPurposeTheListDoesNotServe() throws {
        let credential = try makeCredential(purpose: ["revocation"], list: BitstringStatusList())
        #expect(throws: StatusListError.purposeMismatch(expected: "suspension", available: ["revocation"])) {
            try credential.status(for: entry(purpose: "suspension", index: "0"), at: Self.now)
        }
    }

    @Test func refusesAListBelowTheMinimumLength() throws {
        let credential = try makeCredential(purpose: ["revocation"], list: BitstringStatusList(entries: 1024))
        #expect(throws: StatusListError.listTooShort(entries: 1024, minimum: 131_072)) {
            try credential.status(for: entry(purpose: "revocation", index: "0"), at: Self.now)
        }
        // An ecosystem may lower the minimum.
        #expect(try credential.status(for: entry(purpose: "revocation", index: "0"), at: Self.now, minimumEntries: 1024).isValid)
        // 131 072 bits hold only 65 536 two-bit entries.
        let twoBit = try BitstringStatusListEntry(json: [
            "type": "BitstringStatusListEntry", "statusPurpose": "revocation", "statusListIndex": "0", "statusSize": 2,
            "statusListCredential": .string(Self.listURL),
            "statusMessage": [["status": "0x0", "message": "a"], ["status": "0x1", "message": "b"],
                              ["status": "0x2", "message": "c"], ["status": "0x3", "message": "d"]],
        ])
        let full = try makeCredential(purpose: ["revocation"], list: BitstringStatusList())
        #expect(throws: StatusListError.listTooShort(entries: 65_536, minimum: 131_072)) {
            try full.status(for: twoBit, at: Self.now)
        }
    }

    @Test func refusesAnIndexOutsideTheList() throws {
        let credential = try makeCredential(purpose: ["revocation"], list: BitstringStatusList())
        #expect(throws: StatusListError.indexOutOfRange(index: 131_072, count: 131_072)) {
            try credential.status(for: entry(purpose: "revocation", index: "131072"), at: Self.now)
        }
    }

    @Test func refusesAnotherListOrAnExpiredOne() throws {
        let credential = try makeCredential(
            purpose: ["revocation"], list: BitstringStatusList(), validFrom: "2023-01-01T00:00:00Z",
            validUntil: "2023-06-01T00:00:00.5+02:00")
        let other = try BitstringStatusListEntry(json: [
            "type": "BitstringStatusListEntry", "statusPurpose": "revocation", "statusListIndex": "1",
            "statusListCredential": "https://example.com/credentials/status/4",
        ])
        #expect(throws: StatusListError.self) { try credential.status(for: other, at: Self.now) }
        let error = #expect(throws: StatusListError.self) {
            try credential.status(for: entry(purpose: "revocation", index: "1"), at: Self.now)
        }
        guard case .expired? = error else {
            Issue.record("expected expired, got \(String(describing: error))")
            return
        }
        #expect(throws: StatusListError.self) {
            try credential.status(for: entry(purpose: "revocation", index: "1"), at: Date(timeIntervalSince1970: 1_600_000_000))
        }
        #expect(try credential.status(for: entry(purpose: "revocation", index: "1"), at: Date(timeIntervalSince1970: 1_680_000_000)).isValid)
    }

    @Test func refusesMalformedEncodedLists() throws {
        let zeros = Data(count: 16_384)
        let cases: [(String, String)] = [
            ("no multibase prefix", Base64URL.encode(try gzip(zeros))),
            ("base58 multibase", Multibase.encode(try gzip(zeros), as: .base58btc)),
            ("padded base64url", "U" + Base64URL.encode(try gzip(zeros)) + "=="),
            ("ZLIB instead of GZIP", Multibase.encode(try zlib(zeros), as: .base64url)),
            ("truncated GZIP", Multibase.encode(try gzip(zeros).dropLast(4), as: .base64url)),
            ("GZIP with trailing bytes", Multibase.encode(try gzip(zeros) + Data([1, 2]), as: .base64url)),
            ("empty", ""),
            ("prefix only", "u"),
        ]
        for (name, text) in cases {
            #expect(throws: StatusListError.self, "\(name)") { try BitstringStatusList(encodedList: text) }
        }
        var corrupt = try gzip(zeros)
        corrupt[corrupt.count - 5] ^= 0x01  // CRC-32
        #expect(throws: StatusListError.self) {
            try BitstringStatusList(encodedList: Multibase.encode(corrupt, as: .base64url))
        }
    }

    @Test func stopsAGzipBombAtTheDecompressedCap() throws {
        let bomb = try gzip(Data(count: 32 << 20))
        let error = #expect(throws: StatusListError.self) {
            try BitstringStatusList(encodedList: Multibase.encode(bomb, as: .base64url), limits: StatusListLimits(maximumDecompressedSize: 1 << 20))
        }
        guard case .limitExceeded? = error else {
            Issue.record("expected limitExceeded, got \(String(describing: error))")
            return
        }
    }

    @Test func refusesMalformedEntries() {
        let base: JSONObject = [
            "type": "BitstringStatusListEntry", "statusPurpose": "revocation", "statusListIndex": "5",
            "statusListCredential": .string(Self.listURL),
        ]
        let edits: [(String, (inout JSONObject) -> Void)] = [
            ("wrong type", { $0["type"] = "StatusList2021Entry" }),
            ("index as number", { $0["statusListIndex"] = 5 }),
            ("negative index", { $0["statusListIndex"] = "-5" }),
            ("signed index", { $0["statusListIndex"] = "+5" }),
            ("leading zero", { $0["statusListIndex"] = "05" }),
            ("hex index", { $0["statusListIndex"] = "0x5" }),
            ("empty index", { $0["statusListIndex"] = "" }),
            ("huge index", { $0["statusListIndex"] = "99999999999999999999999" }),
            ("no purpose", { $0["statusPurpose"] = nil }),
            ("zero size", { $0["statusSize"] = 0 }),
            ("size 2 without messages", { $0["statusSize"] = 2 }),
            ("size 9", { $0["statusSize"] = 9 }),
            ("messages of the wrong count", { $0["statusMessage"] = [["status": "0x0", "message": "a"]] }),
            ("message status not hex", {
                $0["statusMessage"] = [["status": "0", "message": "a"], ["status": "0x1", "message": "b"]]
            }),
            ("relative credential URL", { $0["statusListCredential"] = "status/3" }),
            ("no credential URL", { $0["statusListCredential"] = nil }),
        ]
        for (name, edit) in edits {
            var object = base
            edit(&object)
            #expect(throws: StatusListError.self, "\(name)") { try BitstringStatusListEntry(json: .object(object)) }
        }
        #expect(throws: Never.self) { try BitstringStatusListEntry(json: .object(base)) }
    }

    @Test func refusesMalformedCredentials() throws {
        let encodedList = try BitstringStatusList().encodedList()
        let base: JSONObject = [
            "type": ["VerifiableCredential", "BitstringStatusListCredential"],
            "credentialSubject": ["type": "BitstringStatusList", "statusPurpose": "revocation", "encodedList": .string(encodedList)],
        ]
        let edits: [(String, (inout JSONObject) -> Void)] = [
            ("not a status list credential", { $0["type"] = ["VerifiableCredential"] }),
            ("subject of another type", { $0["credentialSubject"] = ["type": "Person", "statusPurpose": "revocation", "encodedList": .string(encodedList)] }),
            ("no encodedList", { $0["credentialSubject"] = ["type": "BitstringStatusList", "statusPurpose": "revocation"] }),
            ("empty purpose list", { $0["credentialSubject"] = ["type": "BitstringStatusList", "statusPurpose": [], "encodedList": .string(encodedList)] }),
            ("two subjects", { $0["credentialSubject"] = [base["credentialSubject"]!, base["credentialSubject"]!] }),
            ("validUntil without zone", { $0["validUntil"] = "2024-01-01T00:00:00" }),
            ("issuer number", { $0["issuer"] = 3 }),
        ]
        for (name, edit) in edits {
            var object = base
            edit(&object)
            #expect(throws: StatusListError.self, "\(name)") { try BitstringStatusListCredential(json: .object(object)) }
        }
        let parsed = try BitstringStatusListCredential(json: .object(base))
        #expect(parsed.encodedList == encodedList)
        #expect(throws: StatusListError.self) { try BitstringStatusListCredential(jsonData: Data(#"{"a":1,"a":2}"#.utf8)) }
    }

    @Test func findsEntriesInCredentialStatus() throws {
        let status: JSONValue = [
            ["type": "BitstringStatusListEntry", "statusPurpose": "revocation", "statusListIndex": "1", "statusListCredential": .string(Self.listURL)],
            ["type": "SomethingElse", "statusPurpose": "revocation"],
        ]
        #expect(try BitstringStatusListEntry.entries(inCredentialStatus: status).count == 1)
        #expect(try BitstringStatusListEntry.entries(inCredentialStatus: status[0]!).count == 1)
    }

    // MARK: - Helpers

    func entry(purpose: String, index: String) throws -> BitstringStatusListEntry {
        try BitstringStatusListEntry(json: [
            "type": "BitstringStatusListEntry", "statusPurpose": .string(purpose), "statusListIndex": .string(index),
            "statusListCredential": .string(Self.listURL),
        ])
    }

    func makeCredential(
        purpose: [String], list: BitstringStatusList, validFrom: String? = nil, validUntil: String? = nil
    ) throws -> BitstringStatusListCredential {
        var object: JSONObject = [
            "id": .string(Self.listURL),
            "type": ["VerifiableCredential", "BitstringStatusListCredential"],
            "issuer": ["id": "did:example:12345"],
            "credentialSubject": [
                "type": "BitstringStatusList", "statusPurpose": .array(purpose.map(JSONValue.string)),
                "encodedList": .string(try list.encodedList()), "ttl": 300_000,
            ],
        ]
        if let validFrom { object["validFrom"] = .string(validFrom) }
        if let validUntil { object["validUntil"] = .string(validUntil) }
        let credential = try BitstringStatusListCredential(jsonData: JSONValue.object(object).serialized(.compact))
        #expect(credential.timeToLive == 300)
        #expect(credential.issuer == "did:example:12345")
        return credential
    }
}

/// The JSON examples of the W3C recommendation's index.html.
struct W3CExamples {
    var credentials: [BitstringStatusListCredential]
    var entries: [BitstringStatusListEntry]

    static func load() throws -> W3CExamples {
        let html = String(decoding: try Vectors.data("status-list/w3c-bitstring/index.html"), as: UTF8.self)
        var credentials = [BitstringStatusListCredential]()
        var entries = [BitstringStatusListEntry]()
        for block in html.components(separatedBy: "<pre").dropFirst() {
            guard let open = block.firstIndex(of: ">"), let close = block.range(of: "</pre>") else { continue }
            var text = String(block[block.index(after: open)..<close.lowerBound])
            // Drop commentary spans, then the remaining markup.
            text = text.replacingOccurrences(of: #"<span class="comment">[\s\S]*?</span>"#, with: "", options: .regularExpression)
            text = text.replacingOccurrences(of: #"<[^>]+>"#, with: "", options: .regularExpression)
            guard let json = try? JSONValue(parsing: text) else { continue }  // examples with "..." are prose
            if json["type"]?.arrayValue?.contains("BitstringStatusListCredential") == true {
                credentials.append(try BitstringStatusListCredential(json: json))
            }
            if let status = json["credentialStatus"] {
                entries += try BitstringStatusListEntry.entries(inCredentialStatus: status)
            }
        }
        return W3CExamples(credentials: credentials, entries: entries)
    }
}
