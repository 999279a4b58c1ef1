-- An endpoint's delivery log, newest first, a page at a time (GET /api/v1/webhooks/:id/deliveries):
-- read in index order instead of sorting every delivery the endpoint ever had.
CREATE INDEX "WebhookDelivery_endpointId_createdAt_idx" ON "WebhookDelivery"("endpointId", "createdAt");
