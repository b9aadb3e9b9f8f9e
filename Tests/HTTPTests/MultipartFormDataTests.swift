import Foundation
import HTTP
import Testing

@Suite("multipart/form-data bodies (RFC 7578)")
struct MultipartFormDataTests {
    @Test("each field is a part with its name and value; the body ends with the closing delimiter")
    func layout() throws {
        let form = MultipartFormData([(name: "subject_id", value: "did:key:z6Mk"), (name: "a\"b", value: "x\r\ny")], boundary: "B")
        #expect(form.contentType == "multipart/form-data; boundary=B")
        let expected = "--B\r\nContent-Disposition: form-data; name=\"subject_id\"\r\n\r\ndid:key:z6Mk\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"a%22b\"\r\n\r\nx\r\ny\r\n--B--\r\n"
        #expect(String(decoding: try form.body(), as: UTF8.self) == expected)
    }

    @Test("a value that contains the boundary is refused, so no part can be forged")
    func boundaryInValue() {
        #expect(throws: HTTPError.encoding("a form value contains the multipart boundary")) {
            _ = try MultipartFormData([(name: "presentation", value: "x\r\n--B\r\nContent-Disposition: form-data; name=\"y\"")], boundary: "B").body()
        }
    }

    @Test("the default boundary is fresh for each form")
    func freshBoundary() {
        #expect(MultipartFormData([]).boundary != MultipartFormData([]).boundary)
    }
}
