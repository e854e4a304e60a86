-- A sign-in with a real OpenID Connect provider: the flow started at /auth/v1/authorize remembers the state the
-- provider hands back to /auth/v1/callback and the nonce its ID token must carry.
ALTER TABLE wf_auth.flow_state ADD COLUMN IF NOT EXISTS oauth_state text;
ALTER TABLE wf_auth.flow_state ADD COLUMN IF NOT EXISTS oauth_nonce text;
ALTER TABLE wf_auth.flow_state DROP CONSTRAINT IF EXISTS flow_state_oauth_bounds;
ALTER TABLE wf_auth.flow_state ADD CONSTRAINT flow_state_oauth_bounds CHECK (
  char_length(oauth_state) <= 64 AND char_length(oauth_nonce) <= 64
);
CREATE UNIQUE INDEX IF NOT EXISTS flow_state_oauth_state ON wf_auth.flow_state (oauth_state)
  WHERE oauth_state IS NOT NULL;
