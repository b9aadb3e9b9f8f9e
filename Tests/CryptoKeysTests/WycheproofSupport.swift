import Foundation
import Testing
import VellumTestSupport

/// The parts of a Wycheproof file (C2SP/wycheproof, `testvectors_v1`) these tests read.
struct WycheproofFile<Group: Decodable>: Decodable {
    var algorithm: String
    var numberOfTests: Int
    var testGroups: [Group]

    static func load(_ name: String) throws -> WycheproofFile {
        try JSONDecoder().decode(WycheproofFile.self, from: Vectors.data("wycheproof/testvectors_v1/\(name)"))
    }
}

/// `valid` must be accepted, `invalid` rejected; `acceptable` may go either way (each file's
/// test says what we decided), but when accepted the result must still be right.
enum WycheproofResult: String, Decodable {
    case valid, invalid, acceptable
}

/// Counts outcomes per file and lists the cases that went the wrong way.
struct WycheproofTally {
    let file: String
    var valid = 0, invalid = 0, acceptableAccepted = 0, acceptableRejected = 0, skipped = 0
    var failures: [String] = []

    init(_ file: String) {
        self.file = file
    }

    /// Records one case: `accepted` is whether our code accepted the input (and, where there
    /// is an expected output, produced it).
    mutating func record(_ tcId: Int, _ result: WycheproofResult, accepted: Bool, _ comment: String = "") {
        switch result {
        case .valid:
            valid += 1
            if !accepted { failures.append("tc\(tcId) valid but rejected (\(comment))") }
        case .invalid:
            invalid += 1
            if accepted { failures.append("tc\(tcId) invalid but accepted (\(comment))") }
        case .acceptable:
            if accepted { acceptableAccepted += 1 } else { acceptableRejected += 1 }
        }
    }

    var total: Int { valid + invalid + acceptableAccepted + acceptableRejected }

    /// Prints the one-line summary and fails the test for every wrong outcome.
    func finish(expectedTotal: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        print("wycheproof \(file): \(total) cases ran (valid \(valid), invalid \(invalid), acceptable accepted \(acceptableAccepted) / rejected \(acceptableRejected)), skipped \(skipped), failures \(failures.count)")
        #expect(total + skipped == expectedTotal, "case count", sourceLocation: sourceLocation)
        #expect(total > 0, sourceLocation: sourceLocation)
        #expect(failures.isEmpty, "\(file): \(failures.prefix(20).joined(separator: "; "))", sourceLocation: sourceLocation)
    }
}

extension Data {
    /// Hex from a vector file; a malformed vector fails the test rather than being skipped.
    init(vectorHex hex: String) throws {
        self = try #require(Data(testHex: hex), "bad hex in vector")
    }
}
