import BundleCheckFormats
import BundleCheckFuzzSupport

/// BER and CMS SignedData (`CMSSignedData`, `BERReader`, `X509Certificate`): the envelope of a
/// code signature's CMS blob and of a provisioning profile, with the signer's certificate picked
/// out as the signing checks do.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCMS(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    guard let signedData = try? CMSSignedData.read(bytes) else { return FuzzInput.keep }
    for certificate in signedData.certificates {
        _ = certificate.serialNumber
        _ = certificate.subject.commonName
        _ = certificate.issuer.organization
    }
    if let signer = signedData.signerCertificate {
        _ = signer.isExpired(at: signer.notBefore)
    }
    return FuzzInput.keep
}
