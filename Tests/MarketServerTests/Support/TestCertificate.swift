import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// A self-signed certificate for 127.0.0.1 and localhost, made in the test: the STARTTLS test
/// relay serves it and the mail client is told to trust it (`SMTP_CA_FILE`), as an operator
/// would for a campus relay with its own certificate authority.
struct TestCertificate {
    let serverContext: NIOSSLContext
    /// A PEM file holding the certificate, for the client to trust.
    let pemFile: String

    static func make(alpn: [String] = []) throws -> TestCertificate {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName { CommonName("CampusMarket test relay") }
        let now = Date()
        let certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(3600),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                KeyUsage(digitalSignature: true, keyCertSign: true)
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([.dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))])
            },
            issuerPrivateKey: .init(key))
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        let pemFile = FileManager.default.temporaryDirectory.appendingPathComponent("test-relay-\(UUID().uuidString).pem").path
        try certificate.serializeAsPEM().pemString.write(toFile: pemFile, atomically: true, encoding: .utf8)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: serializer.serializedBytes, format: .der))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(key.derRepresentation), format: .der)))
        configuration.applicationProtocols = alpn
        return TestCertificate(serverContext: try NIOSSLContext(configuration: configuration), pemFile: pemFile)
    }
}
