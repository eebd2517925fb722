// How each e-mail of src/jobs begins its subject: one of each is what a lead with a quote
// accepted, a visit booked and the job completed is sent.
export const JOB_EMAIL_SUBJECTS = [
  'New quote request',
  'We received your',
  'Your quote from',
  'Quote accepted',
  'Your visit is booked',
  'Reminder: your visit',
  'How did we do?',
] as const
