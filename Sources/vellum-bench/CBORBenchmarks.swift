import CBOR
import Foundation

/// CBOR benchmarks: decoding a document about the size of a presented mDL (10 KB).
enum CBORBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "cbor.decode.10KB", prepare: prepareDecode, peer: "cbor2.decode"),
    ]

    private static func prepareDecode() async throws -> Benchmark.Operation {
        let bytes = sampleDocument(targetSize: 10_240)
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("vellum-bench-\(ProcessInfo.processInfo.processIdentifier).cbor")
        try bytes.write(to: file)
        return Benchmark.Operation(
            run: { _ = try CBOR.decode(bytes) },
            peerInput: [file.path]
        )
    }

    /// An mdoc-shaped document: namespaces of items with random, element identifier,
    /// element value (text, integers, dates, byte strings), the mix an mDL carries.
    static func sampleDocument(targetSize: Int) -> Data {
        var items: [CBOR] = []
        var digestID: UInt64 = 0
        var encoded = Data()
        while encoded.count < targetSize {
            let random = CBOR.byteString(Data((0..<16).map { UInt8(truncatingIfNeeded: digestID &* 31 &+ UInt64($0)) }))
            let value: CBOR
            switch digestID % 4 {
            case 0: value = .textString("Value number \(digestID) for a text element")
            case 1: value = .unsigned(digestID * 1_000)
            case 2: value = .tagged(1004, .textString("2024-0\(digestID % 9 + 1)-1\(digestID % 9)"))
            default: value = .byteString(Data(repeating: UInt8(truncatingIfNeeded: digestID), count: 48))
            }
            items.append([
                "digestID": .unsigned(digestID),
                "random": random,
                "elementIdentifier": .textString("element_\(digestID)"),
                "elementValue": value,
            ])
            digestID += 1
            let document: CBOR = [
                "docType": "org.iso.18013.5.1.mDL",
                "nameSpaces": ["org.iso.18013.5.1": .array(items)],
            ]
            encoded = document.encoded()
        }
        return encoded
    }
}
