-- TRUNCATE fires neither UPDATE nor DELETE triggers: without its own, one statement empties the
-- append-only audit log (0013). The same function refuses it, naming the operation.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();
