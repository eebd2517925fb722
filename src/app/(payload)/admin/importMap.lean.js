import { MoneyCell as MoneyCell_acb281a5057244a1956e6223f17e37cb } from '@/components/admin/money-cell'
import { MoneyField as MoneyField_e6c74dcb5009b8b77474f91aff90c6fe } from '@/components/admin/money-field.client'
import { BusinessDateCell as BusinessDateCell_fa536880d048dab50078c974d222e970 } from '@/components/admin/business-date-cell'
import { BusinessDateField as BusinessDateField_c8f3d6e75c49e391a43b3f992ab7ee6f } from '@/components/admin/business-date-field'
import { ExportListMenuItem as ExportListMenuItem_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { DocumentDates as DocumentDates_2484d741084ccec38082b60c32d1d387 } from '@/components/admin/document-dates'
import { JobPage as JobPage_6dc867d45c4a3fc977cd2519c29fe602 } from '@/components/admin/job-page'
import { DocumentTab as DocumentTab_a7ca3ebca6ef336f33a7c8b828697afd } from '@/components/admin/document-tab.client'
import { DefaultEditView as DefaultEditView_3817bf644402e67bfe6577f60ef982de } from '@payloadcms/ui'
import { UpperCaseField as UpperCaseField_fb5b06c21680558f232e375f466a08bc } from '@/components/admin/upper-case-field.client'
import { BannerPreview as BannerPreview_0839e8776ff1a6465503f97530eae940 } from '@/components/admin/banner-preview.client'
import { CurrentPasswordField as CurrentPasswordField_38df3984348c92981b4e773513c4b2db } from '@/components/admin/current-password-field.client'
import { OverviewComponent as OverviewComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { MetaTitleComponent as MetaTitleComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { MetaDescriptionComponent as MetaDescriptionComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { MetaImageComponent as MetaImageComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { PreviewComponent as PreviewComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { InvoiceNumberCell as InvoiceNumberCell_be4ebfbbef31b45418dacb187bb71354 } from '@/components/admin/invoice-number-cell'
import { InvitePartner as InvitePartner_69d3e1a9307f95603f8131e710324df3 } from '@/components/admin/invite-partner.client'
import { CalendarDayCell as CalendarDayCell_e1311904d3b19e7916082c797fc08b30 } from '@/components/admin/calendar-day-cell'
import { CalendarDayField as CalendarDayField_f6dbfd2dc7c1690429db2050f8d9b8d2 } from '@/components/admin/calendar-day-field.client'
import { TechnicianPage as TechnicianPage_9463cf0a63b59b90e28a1a0cf9fba399 } from '@/components/admin/technician-work-order'
import { IssueStatements as IssueStatements_b010bfc8588a77620489dbf2a18deae7 } from '@/components/admin/issue-statements.client'
import { StatementPage as StatementPage_731da97809be19352a6be7aa6c9a5bb0 } from '@/components/admin/statement-page'
import { FormatField as FormatField_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { LimitField as LimitField_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { Page as Page_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { SortBy as SortBy_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { SortOrder as SortOrder_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { SelectionToUseField as SelectionToUseField_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { FieldsToExport as FieldsToExport_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { CollectionField as CollectionField_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { ExportPreview as ExportPreview_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { ExportSaveButton as ExportSaveButton_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { ImportPreview as ImportPreview_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { ImportSaveButton as ImportSaveButton_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { TimeSelect as TimeSelect_3509a6eb45e29c28a5e860da5b15d614 } from '@/components/admin/time-select.client'
import { TitleRowLabel as TitleRowLabel_2c662d65eb2e78c3b7c52923c02a90a8 } from '@/components/admin/row-label.client'
import { NameRowLabel as NameRowLabel_2c662d65eb2e78c3b7c52923c02a90a8 } from '@/components/admin/row-label.client'
import { HomePageMenu as HomePageMenu_c0880e6c0fb777420a93e54efe27268a } from '@/components/admin/home-page-menu'
import { AccountInitials as AccountInitials_67d2f24c4a246ea4a729bcbf834bd52b } from '@/components/admin/account-initials.client'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { ImportExportProvider as ImportExportProvider_cdf7e044479f899a31f804427d568b36 } from '@payloadcms/plugin-import-export/rsc'
import { BackOffice as BackOffice_4456da4199f78d171c8bb4035ba274b8 } from '@/components/admin/back-office'
import { AwaitingApproval as AwaitingApproval_31cc604e2b4d2df272a5d8e220023f56 } from '@/components/admin/awaiting-approval'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "@/components/admin/money-cell#MoneyCell": MoneyCell_acb281a5057244a1956e6223f17e37cb,
  "@/components/admin/money-field.client#MoneyField": MoneyField_e6c74dcb5009b8b77474f91aff90c6fe,
  "@/components/admin/business-date-cell#BusinessDateCell": BusinessDateCell_fa536880d048dab50078c974d222e970,
  "@/components/admin/business-date-field#BusinessDateField": BusinessDateField_c8f3d6e75c49e391a43b3f992ab7ee6f,
  "@payloadcms/plugin-import-export/rsc#ExportListMenuItem": ExportListMenuItem_cdf7e044479f899a31f804427d568b36,
  "@/components/admin/document-dates#DocumentDates": DocumentDates_2484d741084ccec38082b60c32d1d387,
  "@/components/admin/job-page#JobPage": JobPage_6dc867d45c4a3fc977cd2519c29fe602,
  "@/components/admin/document-tab.client#DocumentTab": DocumentTab_a7ca3ebca6ef336f33a7c8b828697afd,
  "@payloadcms/ui#DefaultEditView": DefaultEditView_3817bf644402e67bfe6577f60ef982de,
  "@/components/admin/upper-case-field.client#UpperCaseField": UpperCaseField_fb5b06c21680558f232e375f466a08bc,
  "@/components/admin/banner-preview.client#BannerPreview": BannerPreview_0839e8776ff1a6465503f97530eae940,
  "@/components/admin/current-password-field.client#CurrentPasswordField": CurrentPasswordField_38df3984348c92981b4e773513c4b2db,
  "@payloadcms/plugin-seo/client#OverviewComponent": OverviewComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "@payloadcms/plugin-seo/client#MetaTitleComponent": MetaTitleComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "@payloadcms/plugin-seo/client#MetaDescriptionComponent": MetaDescriptionComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "@payloadcms/plugin-seo/client#MetaImageComponent": MetaImageComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "@payloadcms/plugin-seo/client#PreviewComponent": PreviewComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "@/components/admin/invoice-number-cell#InvoiceNumberCell": InvoiceNumberCell_be4ebfbbef31b45418dacb187bb71354,
  "@/components/admin/invite-partner.client#InvitePartner": InvitePartner_69d3e1a9307f95603f8131e710324df3,
  "@/components/admin/calendar-day-cell#CalendarDayCell": CalendarDayCell_e1311904d3b19e7916082c797fc08b30,
  "@/components/admin/calendar-day-field.client#CalendarDayField": CalendarDayField_f6dbfd2dc7c1690429db2050f8d9b8d2,
  "@/components/admin/technician-work-order#TechnicianPage": TechnicianPage_9463cf0a63b59b90e28a1a0cf9fba399,
  "@/components/admin/issue-statements.client#IssueStatements": IssueStatements_b010bfc8588a77620489dbf2a18deae7,
  "@/components/admin/statement-page#StatementPage": StatementPage_731da97809be19352a6be7aa6c9a5bb0,
  "@payloadcms/plugin-import-export/rsc#FormatField": FormatField_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#LimitField": LimitField_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#Page": Page_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#SortBy": SortBy_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#SortOrder": SortOrder_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#SelectionToUseField": SelectionToUseField_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#FieldsToExport": FieldsToExport_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#CollectionField": CollectionField_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#ExportPreview": ExportPreview_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#ExportSaveButton": ExportSaveButton_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#ImportPreview": ImportPreview_cdf7e044479f899a31f804427d568b36,
  "@payloadcms/plugin-import-export/rsc#ImportSaveButton": ImportSaveButton_cdf7e044479f899a31f804427d568b36,
  "@/components/admin/time-select.client#TimeSelect": TimeSelect_3509a6eb45e29c28a5e860da5b15d614,
  "@/components/admin/row-label.client#TitleRowLabel": TitleRowLabel_2c662d65eb2e78c3b7c52923c02a90a8,
  "@/components/admin/row-label.client#NameRowLabel": NameRowLabel_2c662d65eb2e78c3b7c52923c02a90a8,
  "@/components/admin/home-page-menu#HomePageMenu": HomePageMenu_c0880e6c0fb777420a93e54efe27268a,
  "@/components/admin/account-initials.client#AccountInitials": AccountInitials_67d2f24c4a246ea4a729bcbf834bd52b,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "@payloadcms/plugin-import-export/rsc#ImportExportProvider": ImportExportProvider_cdf7e044479f899a31f804427d568b36,
  "@/components/admin/back-office#BackOffice": BackOffice_4456da4199f78d171c8bb4035ba274b8,
  "@/components/admin/awaiting-approval#AwaitingApproval": AwaitingApproval_31cc604e2b4d2df272a5d8e220023f56,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
