import Foundation
import Testing
import VellumTestSupport

@testable import AnonCreds

@Suite("BigInteger: GMP integers as CL signatures use them")
struct BigIntegerTests {
    @Test("decimal text is read strictly and written without leading zeros")
    func decimalForms() throws {
        #expect(BigInteger(decimal: "0")?.decimalString == "0")
        #expect(BigInteger(decimal: "-42")?.decimalString == "-42")
        #expect(BigInteger(decimal: "000123")?.decimalString == "123")
        let big = "259344723055062059907025491480697571938277889515152306249728583105665800713306759149981690559193987143012367913206299323899696942213235956742929677132122730441323862712594345230336"
        #expect(BigInteger(decimal: big)?.decimalString == big)
        for bad in ["", "-", "+1", " 1", "1 ", "1a", "0x10", "1.5", "١٢"] {
            #expect(BigInteger(decimal: bad) == nil, "accepted \(bad)")
        }
        #expect(BigInteger(decimal: String(repeating: "9", count: BigInteger.maximumDecimalDigits + 1)) == nil)
    }

    @Test("bytes are the big-endian magnitude without leading zeros, zero is none")
    func byteForms() {
        #expect(BigInteger.zero.bigEndianBytes == [])
        #expect(BigInteger(255).bigEndianBytes == [0xFF])
        #expect(BigInteger(256).bigEndianBytes == [0x01, 0x00])
        #expect(BigInteger(-256).bigEndianBytes == [0x01, 0x00])
        #expect(BigInteger(bigEndianBytes: [0x00, 0x00, 0x01, 0x00]) == 256)
        #expect(BigInteger(bigEndianBytes: []) == 0)
        let two596 = BigInteger.one.shiftedLeft(by: 596)
        #expect(two596.bitWidth == 597)
        #expect(BigInteger(bigEndianBytes: two596.bigEndianBytes) == two596)
    }

    @Test("+, -, ×, floor division, least non-negative residue")
    func arithmetic() {
        let a: BigInteger = 1_000_000_007, b: BigInteger = 998_244_353
        #expect(a + b == 1_998_244_360)
        #expect(b - a == -1_755_654)
        #expect((a * b).decimalString == "998244359987710471")
        #expect(BigInteger(-7).dividedRoundingDown(by: 2) == -4)
        #expect(BigInteger(-7).modulo(5) == 3)
        #expect(BigInteger(7).modulo(0) == nil)
        #expect(BigInteger(7).dividedRoundingDown(by: 0) == nil)
        #expect(BigInteger.gcd(84, 36) == 12)
        #expect(BigInteger(-5) < 3 && BigInteger(3) > -5)
        #expect(BigInteger(1).shiftedLeft(by: 10) == 1024 && BigInteger(1025).shiftedRight(by: 10) == 1)
        #expect(BigInteger(0).settingBit(5) == 32 && BigInteger(32).isBitSet(5) && !BigInteger(32).isBitSet(4))
        #expect(BigInteger(12345).intValue == 12345 && BigInteger.one.shiftedLeft(by: 80).intValue == nil)
    }

    @Test("textbook RSA (p 61, q 53, e 17, d 2753) round-trips with both exponentiations")
    func textbookRSA() throws {
        let n: BigInteger = 3233
        let cipher = try #require(BigInteger(65).power(17, modulo: n))
        #expect(cipher == 2790)
        #expect(cipher.power(2753, modulo: n) == 65)
        #expect(cipher.secretPower(2753, modulo: n) == 65)
        #expect(BigInteger(4).power(13, modulo: 497) == 445)
        #expect(BigInteger(4).secretPower(0, modulo: 497) == 1)
    }

    @Test("inverses exist only for units; a negative exponent raises the inverse")
    func inverses() {
        #expect(BigInteger(3).inverse(modulo: 47) == 16)
        #expect(BigInteger(9).inverse(modulo: 13) == 3)
        #expect(BigInteger(6).inverse(modulo: 9) == nil)
        #expect(BigInteger(6).inverse(modulo: 0) == nil)
        #expect(BigInteger(3).power(-1, modulo: 47) == 16)
        #expect(BigInteger(3).secretPower(-2, modulo: 47) == BigInteger(16 * 16).modulo(47))
        #expect(BigInteger(6).power(-1, modulo: 9) == nil)
    }

    @Test("random values stay in their range")
    func randomRanges() {
        for bits in [1, 7, 8, 9, 80, 256, 2128] {
            let value = BigInteger.random(bits: bits)
            #expect(value.signum >= 0 && value.bitWidth <= bits)
        }
        let bound: BigInteger = 1000
        for _ in 0..<200 {
            let value = BigInteger.random(below: bound)
            #expect(value >= 0 && value < bound)
        }
        // 256 random bits are not all zero twice in a row but for a broken generator.
        #expect(BigInteger.random(bits: 256) != BigInteger.random(bits: 256))
    }

    @Test("primes: Mersenne M127 is prime, Carmichael 561 is not, the next prime after 100 is 101")
    func primality() {
        let m127 = BigInteger.one.shiftedLeft(by: 127) - .one
        #expect(m127.isProbablePrime())
        #expect(!BigInteger(561).isProbablePrime())
        #expect(!(m127 * m127).isProbablePrime())
        #expect(BigInteger(100).nextPrime == 101)
    }

    @Test("a signature exponent lies in 2^596 + 1 … 2^596 + 2^119 and is prime")
    func exponentRange() {
        var generator = SystemRandomNumberGenerator()
        let e = BigInteger.randomPrime(above: 596, rangeBits: 119, using: &generator)
        let start = BigInteger.one.shiftedLeft(by: 596)
        #expect(e > start && e <= start + BigInteger.one.shiftedLeft(by: 119))
        #expect(e.isProbablePrime())
    }

    @Test("a safe prime has the asked size and (p - 1) / 2 is prime")
    func safePrime() {
        let p = BigInteger.randomSafePrime(bits: 256)
        #expect(p.bitWidth == 256)
        #expect(p.isProbablePrime() && p.shiftedRight(by: 1).isProbablePrime())
        #expect(p.modulo(3) == 2)
    }

    @Test("2 048-bit exponentiations agree with Python's pow", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func agreesWithPython() async throws {
        var cases: [[String]] = []
        var expected: [BigInteger] = []
        for _ in 0..<4 {
            let modulus = BigInteger.random(bits: 2048).settingBit(2047).settingBit(0)
            let base = BigInteger.random(below: modulus)
            let exponent = BigInteger.random(bits: 2724)
            cases.append([base.decimalString, exponent.decimalString, modulus.decimalString])
            expected.append(try #require(base.secretPower(exponent, modulo: modulus)))
            #expect(base.power(exponent, modulo: modulus) == expected.last)
        }
        let request = try JSONSerialization.data(withJSONObject: ["op": "powm", "cases": cases])
        let answer = try await PythonPeer.runJSON("anoncreds_peer.py", input: request)
        let results = try #require(answer["results"] as? [String])
        #expect(results.map { BigInteger(decimal: $0) } == expected)
    }
}
