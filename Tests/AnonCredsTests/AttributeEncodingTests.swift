import AnonCreds
import Testing

@Suite("Attribute encoding: a 32-bit integer is itself, anything else the SHA-256 of its text")
struct AttributeEncodingTests {
    @Test("values that read as i32 are encoded as that integer", arguments: [
        ("87121", "87121"), ("0", "0"), ("2147483647", "2147483647"), ("-2147483648", "-2147483648"),
        ("+5", "5"), ("007", "7"), ("-007", "-7"), ("-0", "0"),
    ])
    func integers(raw: String, encoded: String) {
        #expect(AttributeEncoding.encode(raw) == encoded)
    }

    // The digests below are Python's int.from_bytes(hashlib.sha256(text).digest(), "big"); the
    // edge cases agree with anoncreds-rs' encode_credential_attributes.
    @Test("anything else is the decimal SHA-256 of its UTF-8 text", arguments: [
        ("101 Wilson Lane", "68086943237164982734333428280784300550565381723532936263016368251445461241953"),
        ("2147483648", "26221484005389514539852548961319751347124425277437769688639924217837557266135"),
        ("-2147483649", "68956915425095939579909400566452872085353864667122112803508671228696852865689"),
        ("0.0", "62838607218564353630028473473939957328943626306458686867332534889076311281879"),
        ("", "102987336249554097029535212322581322789799900648198034993379397001115665086549"),
        ("+", "73770739369183464215593484912469126642265335419742487579442389609834997640507"),
        ("1e3", "5006871923121145416377942878265005967617932217537069375752390545111185438187"),
        (" 5", "33167280085089978839293724422144751533133836885729400121695066737049159687250"),
        ("٣", "11901186123379023213203507101924663323848736933383090285160742431352112166198"),
    ])
    func hashes(raw: String, encoded: String) {
        #expect(AttributeEncoding.encode(raw) == encoded)
    }

    @Test("a raw value that does not match its encoding is caught")
    func mismatch() {
        #expect(AttributeEncoding.matches(AttributeValue(raw: "28", encoded: "28")))
        #expect(AttributeEncoding.matches(AttributeValue(raw: "28", encoded: "028")))
        #expect(!AttributeEncoding.matches(AttributeValue(raw: "29", encoded: "28")))
        #expect(!AttributeEncoding.matches(AttributeValue(raw: "Alice", encoded: "not a number")))
        #expect(!AttributeEncoding.matches(AttributeValue(raw: "Alice", encoded: AttributeEncoding.encode("Alicia"))))
    }
}
