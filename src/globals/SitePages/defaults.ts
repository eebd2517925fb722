import { BUSINESS_DEFAULTS } from '@/lib/business'
import { TEXTS_TERMS_HEADING } from '@/lib/customer-texts'
import { bulletList, document, heading, paragraph, text } from '@/lib/lexical'

const { businessName, email, phone, serviceArea } = BUSINESS_DEFAULTS

export const PRIVACY_POLICY_DEFAULT = document([
  paragraph(
    `${businessName} provides mobile wheel, rim and tire services in ${serviceArea}. This policy explains what we collect when you use this website or ask us for a quote, why we collect it and what we do with it.`,
  ),
  heading('h2', 'What we collect'),
  bulletList([
    'Your first and last name, phone number and e-mail address, so we can reply to your request.',
    'The description of the work you need and any photos you choose to send of your wheels, rims, tires, windshield or headlights.',
    'Basic technical data your browser sends to any website (such as the pages visited), used only to keep the site secure and working.',
    'The promo code you enter on a quote request, and where your visit came from: the campaign tags of the link you followed (utm_source, utm_medium and utm_campaign) and the name of the website that sent you here. We use them only to know which of our flyers and ads bring customers.',
  ]),
  heading('h2', 'How we use it'),
  bulletList([
    'To prepare your estimate and contact you about it, usually within 24 hours.',
    'To schedule and carry out the repair or tire services you book, and to honour our 30-day workmanship warranty.',
    'To keep the records the law requires for invoices and taxes.',
  ]),
  paragraph('We do not sell or rent your personal information, and we do not use it for advertising.'),
  heading('h2', 'Photos you send'),
  paragraph(
    'Photos attached to a quote request are seen only by our staff. We remove location and camera data from every photo when it is received.',
  ),
  heading('h2', 'Text messages'),
  paragraph(
    'If you ask for texts on a quote request, or text us, we keep your phone number and the texts we exchange with your request, and we use them only to text you about it. Phone numbers are never shared with anyone for marketing: we do not share or sell your number or your agreement to receive texts to third parties or affiliates for their marketing or promotions. The texting provider that carries our messages receives your number only to deliver them.',
  ),
  heading('h2', 'Cookies and local storage'),
  paragraph(
    "The public site sets no tracking cookies. If you close a promotion banner, your browser remembers that choice in its own local storage so the banner stays closed; you can clear it at any time in your browser settings. The campaign tags, referring website and promo code of your visit are kept in your browser's session storage, which it empties when you close the tab; they are sent to us, and to no one else, only with a quote request.",
  ),
  heading('h2', 'How long we keep it'),
  paragraph(
    'Quote requests that do not lead to a job are deleted after 12 months. Records of completed work are kept for as long as the warranty and the law require.',
  ),
  heading('h2', 'Your choices'),
  paragraph([
    text('You can ask us to show, correct or delete the information we hold about you. Write to '),
    text(email, 1),
    text(` or call ${phone}, and we will answer within 30 days.`),
  ]),
  paragraph(
    'When we delete your information, your name, contact details, description and photos are erased from every request you sent us; an anonymous record of each request (the service and its dates) stays in our counts. Copies in our backups disappear as those backups age out, within five weeks.',
  ),
])

export const TERMS_OF_SERVICE_DEFAULT = document([
  paragraph(
    `These terms apply to the wheel, rim, tire services, windshield and headlight work ${businessName} carries out at your home, your workplace or our partners' premises in ${serviceArea}. By booking a service you accept them.`,
  ),
  heading('h2', 'Estimates'),
  bulletList([
    'Estimates are based on the photos and description you send and are valid for 30 days.',
    'If the damage turns out to differ from what the photos showed, we tell you the new price before any work starts.',
    'Listed prices are per service; rim repair at $125 per rim has a two-rim minimum for mobile service, or a $50 delivery fee.',
  ]),
  heading('h2', 'Appointments and cancellation'),
  bulletList([
    'Please cancel or reschedule at least 24 hours ahead.',
    'Cancellations made less than 24 hours ahead may be charged the mobile delivery fee.',
    'Mobile repairs need a safe, level place to park and dry weather; we reschedule free of charge when the weather does not allow the work.',
  ]),
  heading('h2', 'Workmanship warranty'),
  paragraph(
    'Every repair carries a 30-day workmanship warranty. If the finish peels, bubbles or fails to match within 30 days of the repair, we return and fix it at no cost. The warranty does not cover new damage, such as fresh curb contact, accidents or potholes.',
  ),
  heading('h2', 'Tire services'),
  paragraph(
    'Tire services (mounting, balancing and inspection done as part of a wheel repair) are carried out to the manufacturer’s specifications. We may decline to refit a tire that is unsafe, and will tell you why.',
  ),
  heading('h2', 'Payment'),
  paragraph(
    'Payment is due when the work is completed. Dealership and fleet partners are invoiced as agreed in writing.',
  ),
  heading('h2', TEXTS_TERMS_HEADING),
  paragraph(
    `If you tick "Text me about my request" on a quote form, or text us first, ${businessName} texts you about that request from its business number: the link to your quote, the confirmation of a booked visit, a reminder the day before the visit (reply C to confirm it) and a text when we are on our way.`,
  ),
  bulletList([
    'How often: only about your request, usually two to five texts per request. Message frequency varies.',
    'Message and data rates may apply.',
    'Reply STOP at any time to stop all texts from us (STOPALL, UNSUBSCRIBE, CANCEL, END and QUIT work too); reply START to receive them again.',
    `Reply HELP for help, or call ${phone}.`,
    'Texts are optional: agreeing to them is never a condition of a quote or a repair, and we still answer by e-mail and phone.',
    'Carriers are not liable for delayed or undelivered messages.',
  ]),
  heading('h2', 'Liability'),
  paragraph(
    'We take care of your vehicle as if it were our own. Our liability is limited to the price of the service performed, except where the law does not allow such a limit.',
  ),
  heading('h2', 'Contact'),
  paragraph([text('Questions about these terms: '), text(email, 1), text(` or ${phone}.`)]),
])

export const CAREERS_POSTING_DEFAULT = document([
  paragraph(
    `${businessName} is growing and looking for a Mobile Wheel Technician to repair and refinish wheels on site for our customers and dealership partners across central Austin.`,
  ),
  heading('h3', 'What you will do'),
  bulletList([
    'Repair curb rash, scrapes and cosmetic damage on alloy wheels at customers’ homes, offices and dealerships.',
    'Sand, fill, prime, colour-match and clear-coat wheels from our fully equipped service van.',
    'Check every finished wheel against our quality standards and explain the work to the customer.',
  ]),
  heading('h3', 'What we are looking for'),
  bulletList([
    'Experience in automotive refinishing, body work or wheel repair (we train the right person).',
    'A valid Texas driver’s license and a clean driving record.',
    'Care for detail and friendly, reliable communication with customers.',
  ]),
  heading('h3', 'What we offer'),
  bulletList([
    'Full-time position based in central Austin.',
    'Competitive pay, paid training and all tools and materials provided.',
    'A company van and a steady schedule, Monday to Saturday.',
  ]),
])
