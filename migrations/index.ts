import * as migration_20261122_084906_initial from './20261122_084906_initial';
import * as migration_20261123_062751_site_time_zone_and_sign_up_method from './20261123_062751_site_time_zone_and_sign_up_method';
import * as migration_20261123_065418_quote_email_deliveries from './20261123_065418_quote_email_deliveries';
import * as migration_20261123_081511_rate_limits_for_every_door from './20261123_081511_rate_limits_for_every_door';
import * as migration_20261123_085443_lead_promotion_and_source from './20261123_085443_lead_promotion_and_source';
import * as migration_20261123_111326_structured_hours from './20261123_111326_structured_hours';
import * as migration_20261125_031338_drop_account_lockout from './20261125_031338_drop_account_lockout';
import * as migration_20261125_053845_drop_rate_limits_collection from './20261125_053845_drop_rate_limits_collection';
import * as migration_20261125_053850_rate_limit_points from './20261125_053850_rate_limit_points';
import * as migration_20261125_054610_job_postings from './20261125_054610_job_postings';
import * as migration_20261125_055615_redirects from './20261125_055615_redirects';
import * as migration_20261125_060846_erasures from './20261125_060846_erasures';
import * as migration_20261125_074712_home_page from './20261125_074712_home_page';
import * as migration_20261125_075852_home_page_seo from './20261125_075852_home_page_seo';
import * as migration_20261125_080501_promotion_drafts from './20261125_080501_promotion_drafts';
import * as migration_20261125_081439_gallery_item_drafts from './20261125_081439_gallery_item_drafts';
import * as migration_20261125_085149_quotes from './20261125_085149_quotes';
import * as migration_20261125_085729_page_seo from './20261125_085729_page_seo';
import * as migration_20261125_090540_review_requests from './20261125_090540_review_requests';
import * as migration_20261125_102010_lead_timeline from './20261125_102010_lead_timeline';
import * as migration_20261125_110502_visits from './20261125_110502_visits';
import * as migration_20261127_052135_lead_erased_at from './20261127_052135_lead_erased_at';
import * as migration_20261127_052359_erasure_retention_job from './20261127_052359_erasure_retention_job';
import * as migration_20261127_055504_email_deliveries from './20261127_055504_email_deliveries';
import * as migration_20261127_084337_job_posting_valid_through from './20261127_084337_job_posting_valid_through';
import * as migration_20261127_093917_visit_cancellation_task from './20261127_093917_visit_cancellation_task';
import * as migration_20261127_094358_visit_notices from './20261127_094358_visit_notices';
import * as migration_20261127_110443_lead_address from './20261127_110443_lead_address';
import * as migration_20261127_120227_texts from './20261127_120227_texts';
import * as migration_20261127_141427_customer_texts from './20261127_141427_customer_texts';
import * as migration_20261127_153425_lead_phone_e164 from './20261127_153425_lead_phone_e164';
import * as migration_20261127_154802_invoices_and_payments from './20261127_154802_invoices_and_payments';
import * as migration_20261127_160209_dealer_partners from './20261127_160209_dealer_partners';
import * as migration_20261127_163118_site_texting_number from './20261127_163118_site_texting_number';
import * as migration_20261127_175636_deposits from './20261127_175636_deposits';
import * as migration_20261127_182819_stripe_fee_job from './20261127_182819_stripe_fee_job';
import * as migration_20261127_183213_checkout_session_expiry from './20261127_183213_checkout_session_expiry';
import * as migration_20261127_190235_work_order_status from './20261127_190235_work_order_status';
import * as migration_20261127_190518_partner_enquiries from './20261127_190518_partner_enquiries';
import * as migration_20261127_190851_work_order_numbers_and_orphan_photos from './20261127_190851_work_order_numbers_and_orphan_photos';
import * as migration_20261127_192637_monthly_statements from './20261127_192637_monthly_statements';
import * as migration_20261127_193053_payment_form_key from './20261127_193053_payment_form_key';
import * as migration_20261127_210555_lead_partnership_service from './20261127_210555_lead_partnership_service';
import * as migration_20261127_220023_dedupe_text_events from './20261127_220023_dedupe_text_events';
import * as migration_20261127_221110_lead_form_key from './20261127_221110_lead_form_key';
import * as migration_20261128_011525_drop_text_event_twins from './20261128_011525_drop_text_event_twins';
import * as migration_20261128_012112_deposit_checkout_sessions from './20261128_012112_deposit_checkout_sessions';
import * as migration_20261128_013832_link_lead_alert_texts from './20261128_013832_link_lead_alert_texts';
import * as migration_20261129_031725_partner_invitation_token from './20261129_031725_partner_invitation_token';
import * as migration_20261129_032226_stripe_refund_rows from './20261129_032226_stripe_refund_rows';
import * as migration_20261129_033844_owner_alerts from './20261129_033844_owner_alerts';
import * as migration_20261129_041532_lead_name from './20261129_041532_lead_name';
import * as migration_20261129_045607_visit_done from './20261129_045607_visit_done';
import * as migration_20261129_063648_deposit_by_hand from './20261129_063648_deposit_by_hand';
import * as migration_20261129_064135_invoice_reminders from './20261129_064135_invoice_reminders';
import * as migration_20261129_064319_staff_leads from './20261129_064319_staff_leads';
import * as migration_20261129_064350_work_order_progress from './20261129_064350_work_order_progress';
import * as migration_20261129_104628_inbox_read_state from './20261129_104628_inbox_read_state';
import * as migration_20261129_140129_statement_bill_to from './20261129_140129_statement_bill_to';
import * as migration_20261129_151839_text_sender_consent from './20261129_151839_text_sender_consent';
import * as migration_20261129_164612_car_ro_number from './20261129_164612_car_ro_number';
import * as migration_20261129_175904_statement_receivables from './20261129_175904_statement_receivables';

export const migrations = [
  {
    up: migration_20261122_084906_initial.up,
    down: migration_20261122_084906_initial.down,
    name: '20261122_084906_initial',
  },
  {
    up: migration_20261123_062751_site_time_zone_and_sign_up_method.up,
    down: migration_20261123_062751_site_time_zone_and_sign_up_method.down,
    name: '20261123_062751_site_time_zone_and_sign_up_method',
  },
  {
    up: migration_20261123_065418_quote_email_deliveries.up,
    down: migration_20261123_065418_quote_email_deliveries.down,
    name: '20261123_065418_quote_email_deliveries',
  },
  {
    up: migration_20261123_081511_rate_limits_for_every_door.up,
    down: migration_20261123_081511_rate_limits_for_every_door.down,
    name: '20261123_081511_rate_limits_for_every_door',
  },
  {
    up: migration_20261123_085443_lead_promotion_and_source.up,
    down: migration_20261123_085443_lead_promotion_and_source.down,
    name: '20261123_085443_lead_promotion_and_source',
  },
  {
    up: migration_20261123_111326_structured_hours.up,
    down: migration_20261123_111326_structured_hours.down,
    name: '20261123_111326_structured_hours',
  },
  {
    up: migration_20261125_031338_drop_account_lockout.up,
    down: migration_20261125_031338_drop_account_lockout.down,
    name: '20261125_031338_drop_account_lockout',
  },
  {
    up: migration_20261125_053845_drop_rate_limits_collection.up,
    down: migration_20261125_053845_drop_rate_limits_collection.down,
    name: '20261125_053845_drop_rate_limits_collection',
  },
  {
    up: migration_20261125_053850_rate_limit_points.up,
    down: migration_20261125_053850_rate_limit_points.down,
    name: '20261125_053850_rate_limit_points',
  },
  {
    up: migration_20261125_054610_job_postings.up,
    down: migration_20261125_054610_job_postings.down,
    name: '20261125_054610_job_postings',
  },
  {
    up: migration_20261125_055615_redirects.up,
    down: migration_20261125_055615_redirects.down,
    name: '20261125_055615_redirects',
  },
  {
    up: migration_20261125_060846_erasures.up,
    down: migration_20261125_060846_erasures.down,
    name: '20261125_060846_erasures',
  },
  {
    up: migration_20261125_074712_home_page.up,
    down: migration_20261125_074712_home_page.down,
    name: '20261125_074712_home_page',
  },
  {
    up: migration_20261125_075852_home_page_seo.up,
    down: migration_20261125_075852_home_page_seo.down,
    name: '20261125_075852_home_page_seo',
  },
  {
    up: migration_20261125_080501_promotion_drafts.up,
    down: migration_20261125_080501_promotion_drafts.down,
    name: '20261125_080501_promotion_drafts',
  },
  {
    up: migration_20261125_081439_gallery_item_drafts.up,
    down: migration_20261125_081439_gallery_item_drafts.down,
    name: '20261125_081439_gallery_item_drafts',
  },
  {
    up: migration_20261125_085149_quotes.up,
    down: migration_20261125_085149_quotes.down,
    name: '20261125_085149_quotes',
  },
  {
    up: migration_20261125_085729_page_seo.up,
    down: migration_20261125_085729_page_seo.down,
    name: '20261125_085729_page_seo',
  },
  {
    up: migration_20261125_090540_review_requests.up,
    down: migration_20261125_090540_review_requests.down,
    name: '20261125_090540_review_requests',
  },
  {
    up: migration_20261125_102010_lead_timeline.up,
    down: migration_20261125_102010_lead_timeline.down,
    name: '20261125_102010_lead_timeline',
  },
  {
    up: migration_20261125_110502_visits.up,
    down: migration_20261125_110502_visits.down,
    name: '20261125_110502_visits',
  },
  {
    up: migration_20261127_052135_lead_erased_at.up,
    down: migration_20261127_052135_lead_erased_at.down,
    name: '20261127_052135_lead_erased_at',
  },
  {
    up: migration_20261127_052359_erasure_retention_job.up,
    down: migration_20261127_052359_erasure_retention_job.down,
    name: '20261127_052359_erasure_retention_job',
  },
  {
    up: migration_20261127_055504_email_deliveries.up,
    down: migration_20261127_055504_email_deliveries.down,
    name: '20261127_055504_email_deliveries',
  },
  {
    up: migration_20261127_084337_job_posting_valid_through.up,
    down: migration_20261127_084337_job_posting_valid_through.down,
    name: '20261127_084337_job_posting_valid_through',
  },
  {
    up: migration_20261127_093917_visit_cancellation_task.up,
    down: migration_20261127_093917_visit_cancellation_task.down,
    name: '20261127_093917_visit_cancellation_task',
  },
  {
    up: migration_20261127_094358_visit_notices.up,
    down: migration_20261127_094358_visit_notices.down,
    name: '20261127_094358_visit_notices',
  },
  {
    up: migration_20261127_110443_lead_address.up,
    down: migration_20261127_110443_lead_address.down,
    name: '20261127_110443_lead_address',
  },
  {
    up: migration_20261127_120227_texts.up,
    down: migration_20261127_120227_texts.down,
    name: '20261127_120227_texts',
  },
  {
    up: migration_20261127_141427_customer_texts.up,
    down: migration_20261127_141427_customer_texts.down,
    name: '20261127_141427_customer_texts',
  },
  {
    up: migration_20261127_153425_lead_phone_e164.up,
    down: migration_20261127_153425_lead_phone_e164.down,
    name: '20261127_153425_lead_phone_e164',
  },
  {
    up: migration_20261127_154802_invoices_and_payments.up,
    down: migration_20261127_154802_invoices_and_payments.down,
    name: '20261127_154802_invoices_and_payments',
  },
  {
    up: migration_20261127_160209_dealer_partners.up,
    down: migration_20261127_160209_dealer_partners.down,
    name: '20261127_160209_dealer_partners',
  },
  {
    up: migration_20261127_163118_site_texting_number.up,
    down: migration_20261127_163118_site_texting_number.down,
    name: '20261127_163118_site_texting_number',
  },
  {
    up: migration_20261127_175636_deposits.up,
    down: migration_20261127_175636_deposits.down,
    name: '20261127_175636_deposits',
  },
  {
    up: migration_20261127_182819_stripe_fee_job.up,
    down: migration_20261127_182819_stripe_fee_job.down,
    name: '20261127_182819_stripe_fee_job',
  },
  {
    up: migration_20261127_183213_checkout_session_expiry.up,
    down: migration_20261127_183213_checkout_session_expiry.down,
    name: '20261127_183213_checkout_session_expiry',
  },
  {
    up: migration_20261127_190235_work_order_status.up,
    down: migration_20261127_190235_work_order_status.down,
    name: '20261127_190235_work_order_status',
  },
  {
    up: migration_20261127_190518_partner_enquiries.up,
    down: migration_20261127_190518_partner_enquiries.down,
    name: '20261127_190518_partner_enquiries',
  },
  {
    up: migration_20261127_190851_work_order_numbers_and_orphan_photos.up,
    down: migration_20261127_190851_work_order_numbers_and_orphan_photos.down,
    name: '20261127_190851_work_order_numbers_and_orphan_photos',
  },
  {
    up: migration_20261127_192637_monthly_statements.up,
    down: migration_20261127_192637_monthly_statements.down,
    name: '20261127_192637_monthly_statements',
  },
  {
    up: migration_20261127_193053_payment_form_key.up,
    down: migration_20261127_193053_payment_form_key.down,
    name: '20261127_193053_payment_form_key',
  },
  {
    up: migration_20261127_210555_lead_partnership_service.up,
    down: migration_20261127_210555_lead_partnership_service.down,
    name: '20261127_210555_lead_partnership_service',
  },
  {
    up: migration_20261127_220023_dedupe_text_events.up,
    down: migration_20261127_220023_dedupe_text_events.down,
    name: '20261127_220023_dedupe_text_events',
  },
  {
    up: migration_20261127_221110_lead_form_key.up,
    down: migration_20261127_221110_lead_form_key.down,
    name: '20261127_221110_lead_form_key',
  },
  {
    up: migration_20261128_011525_drop_text_event_twins.up,
    down: migration_20261128_011525_drop_text_event_twins.down,
    name: '20261128_011525_drop_text_event_twins',
  },
  {
    up: migration_20261128_012112_deposit_checkout_sessions.up,
    down: migration_20261128_012112_deposit_checkout_sessions.down,
    name: '20261128_012112_deposit_checkout_sessions',
  },
  {
    up: migration_20261128_013832_link_lead_alert_texts.up,
    down: migration_20261128_013832_link_lead_alert_texts.down,
    name: '20261128_013832_link_lead_alert_texts',
  },
  {
    up: migration_20261129_031725_partner_invitation_token.up,
    down: migration_20261129_031725_partner_invitation_token.down,
    name: '20261129_031725_partner_invitation_token',
  },
  {
    up: migration_20261129_032226_stripe_refund_rows.up,
    down: migration_20261129_032226_stripe_refund_rows.down,
    name: '20261129_032226_stripe_refund_rows',
  },
  {
    up: migration_20261129_033844_owner_alerts.up,
    down: migration_20261129_033844_owner_alerts.down,
    name: '20261129_033844_owner_alerts',
  },
  {
    up: migration_20261129_041532_lead_name.up,
    down: migration_20261129_041532_lead_name.down,
    name: '20261129_041532_lead_name',
  },
  {
    up: migration_20261129_045607_visit_done.up,
    down: migration_20261129_045607_visit_done.down,
    name: '20261129_045607_visit_done',
  },
  {
    up: migration_20261129_063648_deposit_by_hand.up,
    down: migration_20261129_063648_deposit_by_hand.down,
    name: '20261129_063648_deposit_by_hand',
  },
  {
    up: migration_20261129_064135_invoice_reminders.up,
    down: migration_20261129_064135_invoice_reminders.down,
    name: '20261129_064135_invoice_reminders',
  },
  {
    up: migration_20261129_064319_staff_leads.up,
    down: migration_20261129_064319_staff_leads.down,
    name: '20261129_064319_staff_leads',
  },
  {
    up: migration_20261129_064350_work_order_progress.up,
    down: migration_20261129_064350_work_order_progress.down,
    name: '20261129_064350_work_order_progress',
  },
  {
    up: migration_20261129_104628_inbox_read_state.up,
    down: migration_20261129_104628_inbox_read_state.down,
    name: '20261129_104628_inbox_read_state',
  },
  {
    up: migration_20261129_140129_statement_bill_to.up,
    down: migration_20261129_140129_statement_bill_to.down,
    name: '20261129_140129_statement_bill_to',
  },
  {
    up: migration_20261129_151839_text_sender_consent.up,
    down: migration_20261129_151839_text_sender_consent.down,
    name: '20261129_151839_text_sender_consent',
  },
  {
    up: migration_20261129_164612_car_ro_number.up,
    down: migration_20261129_164612_car_ro_number.down,
    name: '20261129_164612_car_ro_number',
  },
  {
    up: migration_20261129_175904_statement_receivables.up,
    down: migration_20261129_175904_statement_receivables.down,
    name: '20261129_175904_statement_receivables'
  },
];
