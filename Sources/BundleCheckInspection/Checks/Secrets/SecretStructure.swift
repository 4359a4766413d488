/// The secrets recognised by their structure rather than by a token's shape.
enum SecretStructure: String, CaseIterable {
    case privateKey = "private-key"
    case pkcs12Identity = "pkcs12-identity"
    case appStoreConnectKey = "app-store-connect-key"
    case sshPrivateKey = "ssh-private-key"
    case googleServiceAccount = "google-service-account"
    case envFile = "env-file"
    case netrcPassword = "netrc-password"
    case registryToken = "registry-token"
    case gitCredentials = "git-credentials"
    case gitRepository = "git-repository"
    case oauthClientSecret = "oauth-client-secret"
}
