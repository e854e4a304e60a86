-- Flows older than an hour are deleted when a new one starts.
CREATE INDEX IF NOT EXISTS flow_state_created_at ON wf_auth.flow_state (created_at);
