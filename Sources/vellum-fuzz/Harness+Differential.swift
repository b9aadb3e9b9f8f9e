import CBOR
import Foundation
import JSONModel
import MDoc
import Multiformats
import SDJWT
import Wallet

extension Harness {
    /// Differential harnesses: a fast path and the plain path it stands in for, on the same
    /// input, must agree — the same value or the same error. A disagreement stops the process
    /// (libFuzzer records the input as a crash; a replay fails), naming both outcomes.
    static let differential: [Harness] = [
        Harness(name: "diff-sd-jwt", summary: "SD-JWT processing and Disclosure reading: fast path = plain path") { data in
            guard let text = text(data) else { return }
            var parts = text.split(separator: "~", omittingEmptySubsequences: false).map(String.init)
            let payload = parts.removeFirst()
            let disclosures = parts.map { Base64URL.encode(Data($0.utf8)) }
            for encoded in disclosures + parts { agree(SDJWTFastPathCheck.reading(disclosure: encoded), "Disclosure \(encoded)") }
            guard let sdJWT = fabricatedSDJWT(payload: payload, disclosures: disclosures) else { return }
            agree(SDJWTFastPathCheck.processing(sdJWT), "SD-JWT \(sdJWT.serialized)")
        },
        Harness(name: "diff-cbor", summary: "CBORCursor walk = CBOR.decode") { data in
            let options = CBORDecodingOptions()
            let walked = data.withUnsafeBytes { raw -> CBOR? in
                var cursor = CBORCursor(raw.bindMemory(to: UInt8.self), options: options)
                guard let item = CursorWalk.item(&cursor, depth: 0), cursor.isAtEnd else { return nil }
                return item
            }
            guard let walked else { return }
            switch Result(catching: { () throws(CBORError) in try CBOR.decode(data, options: options) }) {
            case .success(let decoded):
                if walked != decoded { disagree("the cursor reads \(walked), the decoder \(decoded)") }
            case .failure(let error):
                disagree("the cursor reads \(walked), the decoder refuses: \(error)")
            }
        },
        Harness(name: "diff-mdoc", summary: "mdoc DeviceResponse and IssuerSigned: direct decoding = tree decoding") { data in
            agree(encodings(MDocFastPathCheck.decodingDeviceResponse(data)) { $0.encoded() }, "DeviceResponse")
            agree(encodings(MDocFastPathCheck.decodingIssuerSigned(data)) { $0.encoded() }, "IssuerSigned")
        },
        Harness(name: "diff-json", summary: "stored credential metadata: stepwise JSON reader = plain reader") { data in
            let (shipped, plain) = CredentialMetadata.decodingStored(data)
            if shipped != plain { disagree("metadata: \(String(describing: shipped)) against \(String(describing: plain))") }
        },
    ]

    /// Stops on a disagreement, naming both outcomes.
    static func agree<Value: Equatable, Failure: Equatable>(
        _ outcomes: (shipped: Result<Value, Failure>, plain: Result<Value, Failure>), _ input: @autoclosure () -> String
    ) {
        guard outcomes.shipped != outcomes.plain else { return }
        disagree("\(input()): the shipped path gives \(outcomes.shipped), the plain path \(outcomes.plain)")
    }

    static func disagree(_ message: String) -> Never {
        fatalError("fast path and plain path disagree: \(message)")
    }

    /// Both decodings with each value's encoding beside it: equal models must re-encode alike.
    static func encodings<Value: Equatable, Failure: Error>(
        _ outcomes: (shipped: Result<Value, Failure>, plain: Result<Value, Failure>), _ encode: (Value) -> Data
    ) -> (shipped: Result<Encoded<Value>, Failure>, plain: Result<Encoded<Value>, Failure>) {
        (outcomes.shipped.map { Encoded(value: $0, bytes: encode($0)) }, outcomes.plain.map { Encoded(value: $0, bytes: encode($0)) })
    }

    struct Encoded<Value: Equatable>: Equatable {
        let value: Value
        let bytes: Data
    }

    /// An SD-JWT around a payload and Disclosures from the fuzzer: `"#N"` in the payload becomes
    /// the SHA-256 digest of Disclosure N (a fuzzer cannot find a digest itself), and the
    /// signature is a placeholder (processing does not check it).
    static func fabricatedSDJWT(payload: String, disclosures: [String]) -> SDJWTObject? {
        var payload = payload
        for (index, encoded) in disclosures.enumerated().prefix(10) {
            guard let disclosure = try? Disclosure(encoded: encoded) else { continue }
            payload = payload.replacingOccurrences(of: "\"#\(index)\"", with: "\"\(disclosure.digest(using: .sha256))\"")
        }
        let header = Base64URL.encode(Data(#"{"alg":"ES256","typ":"dc+sd-jwt"}"#.utf8))
        let compact = "\(header).\(Base64URL.encode(Data(payload.utf8))).c2ln~" + disclosures.map { $0 + "~" }.joined()
        return try? SDJWTObject(compact: compact)
    }
}

/// Reads a whole CBOR item with the cursor's typed reads, as the fast paths do (checking map
/// keys for duplicates themselves), and builds the tree the decoder would: `nil` wherever the
/// cursor declines. Tags, negative integers, floats and simple values go through
/// ``CBORCursor/item(depth:)``, whose checks are the decoder's.
enum CursorWalk {
    static func item(_ cursor: inout CBORCursor, depth: Int) -> CBOR? {
        var probe = cursor
        if let count = probe.mapCount(depth: depth) {
            cursor = probe
            var entries: [(key: CBOR, value: CBOR)] = []
            for _ in 0..<count {
                guard let key = item(&cursor, depth: depth + 1), !entries.contains(where: { $0.key == key }),
                      let value = item(&cursor, depth: depth + 1)
                else { return nil }
                entries.append((key: key, value: value))
            }
            return .map(entries)
        }
        probe = cursor
        if let count = probe.arrayCount(depth: depth) {
            cursor = probe
            var elements: [CBOR] = []
            for _ in 0..<count {
                guard let element = item(&cursor, depth: depth + 1) else { return nil }
                elements.append(element)
            }
            return .array(elements)
        }
        probe = cursor
        if let text = probe.text() { cursor = probe; return .textString(text) }
        probe = cursor
        if let bytes = probe.byteString() { cursor = probe; return .byteString(bytes) }
        probe = cursor
        if let value = probe.unsigned() { cursor = probe; return .unsigned(value) }
        return cursor.item(depth: depth)
    }
}
