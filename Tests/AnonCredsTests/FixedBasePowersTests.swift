import Testing
import VellumTestSupport
@testable import AnonCreds

/// The fixed-base table is a fast path for the holder's secret powers of its key's `s` and `z`:
/// it must agree with the plain constant-time exponentiation on every exponent it takes, refuse
/// the ones it does not (so the plain path runs), and the presentations made through it must
/// verify (here, in the verifier's plain path; and in anoncreds-rs by the interop tests, whose
/// holder runs in the same process and so through the table).
@Suite("Fixed-base powers (fast path)")
struct FixedBasePowersTests {
    let fixture = IssuanceFixture.shared

    @Test("every exponent length from 0 to the table's bound gives the plain path's result")
    func agreesWithPlainPath() throws {
        let key = try fixture.definition.value.primary
        let table = try #require(FixedBasePowers(base: key.s, modulus: key.n, maximumExponentBits: 3072))
        var generator = SeededGenerator(seed: 27)
        let lengths = [1, 2, 4, 5, 63, 64, 65, 127, 128, 592, 672, 2128, 2787, 3060, 3072]
        var exponents: [BigInteger] = [.zero, .one, BigInteger(15), BigInteger(16)]
        exponents += lengths.map { BigInteger.random(bits: $0, using: &generator) }
        exponents += lengths.map { BigInteger.one.shiftedLeft(by: $0) - .one }  // all ones: every digit 15
        exponents += [BigInteger.one.shiftedLeft(by: 3071)]  // one bit at the top, zero digits below
        for exponent in exponents where exponent.bitWidth <= 3072 {
            #expect(table.power(exponent) == key.s.secretPower(exponent, modulo: key.n), "exponent of \(exponent.bitWidth) bits")
        }
    }

    @Test("a negative exponent or one longer than the table is left to the plain path")
    func refusesWhatItDoesNotCover() throws {
        let key = try fixture.definition.value.primary
        let table = try #require(FixedBasePowers(base: key.z, modulus: key.n, maximumExponentBits: 640))
        #expect(table.power(-BigInteger.one) == nil)
        #expect(table.power(BigInteger.one.shiftedLeft(by: 640)) == nil)
        #expect(table.power(BigInteger.one.shiftedLeft(by: 639)) == key.z.secretPower(BigInteger.one.shiftedLeft(by: 639), modulo: key.n))
        #expect(FixedBasePowers(base: key.s, modulus: key.n - .one, maximumExponentBits: 64) == nil)
        let powers = GeneratorPowers(key: key, secret: true, tables: .init(
            s: try #require(FixedBasePowers(base: key.s, modulus: key.n, maximumExponentBits: 64)), z: table))
        let long = BigInteger.one.shiftedLeft(by: 700) + .one
        #expect(try powers.s(long) == key.s.secretPower(long, modulo: key.n))
        #expect(try powers.s(-long) == key.s.secretPower(-long, modulo: key.n))
    }

    @Test("a key gets its tables on its second use, not its first")
    func tablesOnSecondUse() throws {
        let cache = FixedBasePowersCache()
        var key = try fixture.definition.value.primary
        key.s = try #require(key.s.multiplied(by: key.s, modulo: key.n))  // a key no other test uses
        #expect(cache.tables(for: key) == nil)
        let tables = try #require(cache.tables(for: key))
        #expect(tables.s.base == key.s && tables.z.base == key.z)
        #expect(cache.tables(for: key)?.s === tables.s)
    }

    @Test("presentations made through the tables verify, each with its own randomness")
    func presentationsThroughTablesVerify() throws {
        let (holder, credentials) = try fixture.credentialsOfOneHolder(named: ["Alice"])
        let request = PresentationRequest(nonce: .random(), name: "fast", version: "1.0", requestedAttributes: [
            "name": .init(name: "name"), "age": .init(name: "age"),
        ], requestedPredicates: ["adult": .init(name: "age", predicateType: ">=", value: 18),
                                 "young": .init(name: "age", predicateType: "<", value: 65)])
        let selection = PresentationSelection(credentials: [
            .init(credential: credentials[0], revealed: ["name"], unrevealed: ["age"], predicates: ["adult", "young"]),
        ])
        let definitions = [fixture.credentialDefinitionID: try fixture.definition]
        var seen: Set<BigInteger> = []
        for _ in 0..<3 {
            let presentation = try holder.present(request, selection: selection, definitions: definitions)
            try AnonCredsVerifier.verify(presentation, request: request, definitions: definitions)
            seen.insert(presentation.proof.proofs[0].equality.aPrime)
        }
        #expect(seen.count == 3)
        #expect(FixedBasePowersCache.shared.tables(for: try fixture.definition.value.primary) != nil)
    }
}
