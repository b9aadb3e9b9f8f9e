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

/// A group of a Wycheproof file: the cases that share its parameters (a key, a tag size …).
protocol WycheproofGroup: Decodable {
    associatedtype Case: WycheproofCase
    var tests: [Case] { get }
}

/// One case of a Wycheproof file: its number, why it is there, and the verdict it expects.
protocol WycheproofCase: Decodable {
    var tcId: Int { get }
    var comment: String { get }
    var result: WycheproofResult { get }
}

extension WycheproofFile where Group: WycheproofGroup {
    /// Runs every case of the file `name` and fails the test for each that went the wrong way.
    ///
    /// `prepare` reads what a group's cases share (its key, say, checked against the group's
    /// other encodings), or gives `nil` to skip a group this code does not support; `accepts`
    /// says whether our code accepted a case's input (and, where the case has an expected
    /// output, produced it), or `nil` to skip the case.
    static func run<Prepared>(
        _ name: String, sourceLocation: SourceLocation = #_sourceLocation,
        prepare: (Group) throws -> Prepared?, accepts: (Prepared, Group.Case) throws -> Bool?
    ) throws {
        let file = try load(name)
        var tally = WycheproofTally(name)
        for group in file.testGroups {
            guard let prepared = try prepare(group) else {
                tally.skipped += group.tests.count
                continue
            }
            for test in group.tests {
                guard let accepted = try accepts(prepared, test) else {
                    tally.skipped += 1
                    continue
                }
                tally.record(test.tcId, test.result, accepted: accepted, test.comment)
            }
        }
        tally.finish(expectedTotal: file.numberOfTests, sourceLocation: sourceLocation)
    }

    /// ``run(_:sourceLocation:prepare:accepts:)`` where a case needs nothing but its group.
    static func run(
        _ name: String, sourceLocation: SourceLocation = #_sourceLocation, accepts: (Group, Group.Case) throws -> Bool?
    ) throws {
        try run(name, sourceLocation: sourceLocation, prepare: { $0 }, accepts: accepts)
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
