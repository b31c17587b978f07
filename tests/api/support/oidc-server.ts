import { OAuth2Server } from 'oauth2-mock-server';

export interface OidcIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

/**
 * A local OpenID Connect provider standing in for Google: it signs tokens and
 * answers userinfo for whichever identity the test sets.
 */
export async function startOidcServer() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let identity: OidcIdentity = {
    sub: 'google-1',
    email: 'fan@gmail.test',
    email_verified: true,
    name: 'Google Fan',
  };
  server.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, identity));
  server.service.on('beforeUserinfo', (response) => {
    response.body = { ...identity };
  });
  return {
    issuer: server.issuer.url!,
    setIdentity(next: OidcIdentity) {
      identity = next;
    },
    stop: () => server.stop(),
  };
}
