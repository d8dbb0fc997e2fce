-- Row triggers do not see TRUNCATE: refuse it too, so nothing empties the audit log.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
