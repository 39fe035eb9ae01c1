import Foundation
@testable import MarketServer
import Testing

/// The signer against AWS's published vectors: the Signature Version 4 test suite (service
/// "service", 2015-08-30) and the S3 examples of "Authenticating Requests" (2013-05-24), each
/// step where AWS publishes it (canonical request, string to sign, signature).
@Suite("AWS Signature Version 4")
struct SigV4SignerTests {
    static let suiteDate = Date(timeIntervalSince1970: 1_440_938_160)  // 20150830T123600Z
    static let suite = SigV4Signer(credentials: .init(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
                                   region: "us-east-1", service: "service")
    static let s3Date = Date(timeIntervalSince1970: 1_369_353_600)  // 20130524T000000Z
    static let s3 = SigV4Signer(credentials: .init(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
                                region: "us-east-1", service: "s3")
    static let suiteHeaders = [("Host", "example.amazonaws.com"), ("X-Amz-Date", "20150830T123600Z")]

    @Test("get-vanilla: canonical request, string to sign and signature")
    func getVanilla() {
        let request = SigV4Signer.Request(method: "GET", path: "/", headers: Self.suiteHeaders, payloadHash: SigV4Signer.emptyPayloadHash)
        let canonical = Self.suite.canonicalRequest(request)
        #expect(canonical == """
            GET
            /

            host:example.amazonaws.com
            x-amz-date:20150830T123600Z

            host;x-amz-date
            e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
            """)
        let stringToSign = Self.suite.stringToSign(canonical, at: Self.suiteDate)
        #expect(stringToSign == """
            AWS4-HMAC-SHA256
            20150830T123600Z
            20150830/us-east-1/service/aws4_request
            bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63
            """)
        #expect(Self.suite.signature(of: stringToSign, at: Self.suiteDate) == "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31")
        #expect(Self.suite.authorization(request, at: Self.suiteDate) == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31")
    }

    @Test("the suite's other vectors: query order, UTF-8 path, POST", arguments: [
        ("GET", "/", [("Param2", "value2"), ("Param1", "value1")], "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"),
        ("GET", "/ሴ", [], "8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85"),
        ("POST", "/", [], "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b"),
    ])
    func suiteVectors(method: String, path: String, query: [(String, String)], signature: String) {
        let request = SigV4Signer.Request(method: method, path: path, query: query, headers: Self.suiteHeaders, payloadHash: SigV4Signer.emptyPayloadHash)
        #expect(Self.suite.signature(of: Self.suite.stringToSign(Self.suite.canonicalRequest(request), at: Self.suiteDate), at: Self.suiteDate) == signature)
    }

    @Test("S3 GET Object with a range: canonical request, string to sign, signature, and the headers sign() adds")
    func s3GetObject() {
        let request = SigV4Signer.Request(method: "GET", path: "/test.txt", headers: [
            ("Host", "examplebucket.s3.amazonaws.com"), ("Range", "bytes=0-9"),
            ("x-amz-content-sha256", SigV4Signer.emptyPayloadHash), ("x-amz-date", "20130524T000000Z"),
        ], payloadHash: SigV4Signer.emptyPayloadHash)
        let canonical = Self.s3.canonicalRequest(request)
        #expect(canonical == """
            GET
            /test.txt

            host:examplebucket.s3.amazonaws.com
            range:bytes=0-9
            x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
            x-amz-date:20130524T000000Z

            host;range;x-amz-content-sha256;x-amz-date
            e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
            """)
        let stringToSign = Self.s3.stringToSign(canonical, at: Self.s3Date)
        #expect(stringToSign.hasSuffix("20130524/us-east-1/s3/aws4_request\n7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972"))
        #expect(Self.s3.signature(of: stringToSign, at: Self.s3Date) == "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")

        // sign() adds x-amz-date and x-amz-content-sha256 itself and reaches the same signature.
        let unsigned = SigV4Signer.Request(method: "GET", path: "/test.txt", headers: [("Host", "examplebucket.s3.amazonaws.com"), ("Range", "bytes=0-9")],
                                           payloadHash: SigV4Signer.emptyPayloadHash)
        let added = Self.s3.sign(unsigned, at: Self.s3Date)
        #expect(added.map(\.0) == ["x-amz-date", "x-amz-content-sha256", "Authorization"])
        #expect(added.last?.1.hasSuffix("Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41") == true)
    }

    @Test("S3 PUT Object: a key with '$' is encoded once, the body's hash signed")
    func s3PutObject() {
        let body = Array("Welcome to Amazon S3.".utf8)
        let hash = SigV4Signer.payloadHash(body)
        #expect(hash == "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
        let request = SigV4Signer.Request(method: "PUT", path: "/test$file.text", headers: [
            ("Host", "examplebucket.s3.amazonaws.com"), ("Date", "Fri, 24 May 2013 00:00:00 GMT"),
            ("x-amz-date", "20130524T000000Z"), ("x-amz-storage-class", "REDUCED_REDUNDANCY"), ("x-amz-content-sha256", hash),
        ], payloadHash: hash)
        let canonical = Self.s3.canonicalRequest(request)
        #expect(canonical.split(separator: "\n", omittingEmptySubsequences: false)[1] == "/test%24file.text")
        #expect(Self.s3.stringToSign(canonical, at: Self.s3Date).hasSuffix("9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d"))
        #expect(Self.s3.authorization(request, at: Self.s3Date) == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd")
    }

    @Test("S3 GET bucket lifecycle and ListObjects: a query without a value, and a sorted query", arguments: [
        ([("lifecycle", "")], "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543"),
        ([("prefix", "J"), ("max-keys", "2")], "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7"),
    ])
    func s3BucketRequests(query: [(String, String)], signature: String) {
        let request = SigV4Signer.Request(method: "GET", path: "/", query: query, headers: [
            ("Host", "examplebucket.s3.amazonaws.com"), ("x-amz-content-sha256", SigV4Signer.emptyPayloadHash), ("x-amz-date", "20130524T000000Z"),
        ], payloadHash: SigV4Signer.emptyPayloadHash)
        #expect(Self.s3.authorization(request, at: Self.s3Date).hasSuffix("Signature=" + signature))
    }

    @Test("header values are trimmed and inner spaces folded; a repeated header is one, comma-joined")
    func canonicalHeaders() {
        let headers = SigV4Signer.canonicalHeaders([("My-Header1", "  value1  "), ("my-header1", "value2"), ("X-Spaced", "a   b  c")])
        #expect(headers.map { "\($0.0):\($0.1)" } == ["my-header1:value1,value2", "x-spaced:a b c"])
    }
}
