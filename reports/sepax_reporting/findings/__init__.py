"""What the campaigns found and how bad it is: the failure and boundary
classes of `sepax verify` (failure_classes), severity and cause with the
per-library table and its JSON (severity), the report's blocks for them
(sections), and the planted bugs `sepax mutate` killed (mutation)."""
