import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// Differential check of JCS number formatting against a real ECMAScript engine (Node.js's
/// `String(number)`), over pseudo-random doubles. Skipped where `node` is not installed.
@Suite("JCS numbers vs Node.js")
struct ECMAScriptNumberPeerTests {
    static let node: URL? = ["/usr/bin/node", "/usr/local/bin/node", "/opt/homebrew/bin/node"]
        .map(URL.init(fileURLWithPath:))
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    @Test("20 000 doubles format exactly as Node.js formats them",
          .enabled(if: node != nil, "skipped: node not found"))
    func differential() throws {
        var generator = SeededGenerator(seed: 0x9E37_79B9_7F4A_7C15)
        var doubles: [Double] = []
        while doubles.count < 20_000 {
            let candidate: Double
            switch doubles.count % 4 {
            case 0: candidate = Double(bitPattern: generator.next())
            case 1: candidate = Double(Int64(bitPattern: generator.next()) >> Int(generator.next() % 60))
            case 2: candidate = Double(generator.next() % 1_000_000) / pow(10, Double(generator.next() % 30))
            default: candidate = Double(sign: .plus, exponent: Int(generator.next() % 140) - 70,
                                        significand: 1 + Double(generator.next() % 1024) / 1024)
            }
            if candidate.isFinite { doubles.append(candidate) }
        }
        let script = """
        const lines = require('fs').readFileSync(0, 'utf8').trim().split('\\n');
        const out = lines.map(h => String(Buffer.from(h, 'hex').readDoubleBE(0)));
        process.stdout.write(out.join('\\n'));
        """
        let process = Process()
        process.executableURL = Self.node  // non-nil: the test is enabled only then
        process.arguments = ["-e", script]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let hex = doubles.map { String(format: "%016llx", $0.bitPattern) }.joined(separator: "\n")
        input.fileHandleForWriting.write(Data(hex.utf8))
        try input.fileHandleForWriting.close()
        let result = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let expected = String(decoding: result, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(expected.count == doubles.count)
        var mismatches = 0
        for (double, nodeText) in zip(doubles, expected) {
            let ours = try JSONValue.number(#require(JSONNumber(double))).canonicalized()
            if String(decoding: ours, as: UTF8.self) != nodeText {
                mismatches += 1
                if mismatches <= 5 { Issue.record("\(double.bitPattern): ours \(String(decoding: ours, as: UTF8.self)), node \(nodeText)") }
            }
        }
        #expect(mismatches == 0)
    }
}
