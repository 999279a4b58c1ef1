// The offline lead extractors' evaluation set (decision 034): realistic inputs — pasted lists, e-mail
// signatures and headers, team pages, speaker lists, directories, CRM and event exports with odd
// headers, in several languages — each with the people a careful person would list. Fields left out
// of an expected lead are not scored; `[]` means the input names nobody.

export type ExpectedLead = {
	firstName: string
	lastName: string
	middleName?: string | null
	email?: string | null
	phone?: string | null
	linkedin?: string | null
	role?: string | null
	companyName?: string | null
}

export type LeadCase = { name: string; expected: ExpectedLead[]; instructions?: string } & (
	| { kind: 'text'; input: string }
	| { kind: 'csv'; input: string }
	| { kind: 'page'; input: string; url: string }
)

const li = (slug: string) => `https://www.linkedin.com/in/${slug}`

export const LEAD_CASES: LeadCase[] = [
	{
		name: 'text: Name, Role at Company list',
		kind: 'text',
		input: `Here are the people we met at SaaStr:
Jane Doe, CTO at Acme
John Smith, VP of Sales at Globex Corporation
Priya Patel, Head of Growth @ Initech
Thanks!`,
		expected: [
			{ firstName: 'Jane', lastName: 'Doe', role: 'CTO', companyName: 'Acme' },
			{ firstName: 'John', lastName: 'Smith', role: 'VP of Sales', companyName: 'Globex Corporation' },
			{ firstName: 'Priya', lastName: 'Patel', role: 'Head of Growth', companyName: 'Initech' },
		],
	},
	{
		name: 'text: dashes and pipes',
		kind: 'text',
		input: `- Marcus Chen – Director of Engineering, Stripe
- Sofia Rossi - Product Manager, Bending Spoons
- Tom Becker | Founder | Cloudsmith`,
		expected: [
			{ firstName: 'Marcus', lastName: 'Chen', role: 'Director of Engineering', companyName: 'Stripe' },
			{ firstName: 'Sofia', lastName: 'Rossi', role: 'Product Manager', companyName: 'Bending Spoons' },
			{ firstName: 'Tom', lastName: 'Becker', role: 'Founder', companyName: 'Cloudsmith' },
		],
	},
	{
		name: 'text: speakers in parentheses on one line',
		kind: 'text',
		input: `Panel "AI in sales": Laura Martínez (VP Marketing, HubSpot), David Kim (CEO, Gong) and Aisha Bello (Head of RevOps, Personio). Moderated by our editor.`,
		expected: [
			{ firstName: 'Laura', lastName: 'Martínez', role: 'VP Marketing', companyName: 'HubSpot' },
			{ firstName: 'David', lastName: 'Kim', role: 'CEO', companyName: 'Gong' },
			{ firstName: 'Aisha', lastName: 'Bello', role: 'Head of RevOps', companyName: 'Personio' },
		],
	},
	{
		name: 'text: e-mail signature',
		kind: 'text',
		input: `Hi team, attaching the deck.

Best regards,

Katharina Vogel
Head of Procurement
Siemens Healthineers
katharina.vogel@siemens-healthineers.com
Mobile: +49 171 2345678
https://www.linkedin.com/in/katharina-vogel-8a1b2c/`,
		expected: [
			{
				firstName: 'Katharina',
				lastName: 'Vogel',
				role: 'Head of Procurement',
				companyName: 'Siemens Healthineers',
				email: 'katharina.vogel@siemens-healthineers.com',
				phone: '+49 171 2345678',
				linkedin: li('katharina-vogel-8a1b2c'),
			},
		],
	},
	{
		name: 'text: e-mail header with names and addresses',
		kind: 'text',
		input: `From: "Doe, Jane" <Jane.Doe@acme.com>
To: John Smith <john@globex.com>, Ann Lee <ann.lee@initech.io>
Cc: sales@acme.com, Peter Parker <peter@dailybugle.com>
Subject: Intro`,
		expected: [
			{ firstName: 'Jane', lastName: 'Doe', email: 'jane.doe@acme.com', companyName: 'Acme' },
			{ firstName: 'John', lastName: 'Smith', email: 'john@globex.com', companyName: 'Globex' },
			{ firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@initech.io', companyName: 'Initech' },
			{ firstName: 'Peter', lastName: 'Parker', email: 'peter@dailybugle.com' },
		],
	},
	{
		name: 'text: bare addresses, names only from first.last',
		kind: 'text',
		input: `anna.schmidt@bosch.com
jdoe@bosch.com
info@bosch.com
mark_taylor@unilever.co.uk`,
		expected: [
			{ firstName: 'Anna', lastName: 'Schmidt', email: 'anna.schmidt@bosch.com', companyName: 'Bosch' },
			{ firstName: 'Mark', lastName: 'Taylor', email: 'mark_taylor@unilever.co.uk', companyName: 'Unilever' },
		],
	},
	{
		name: 'text: LinkedIn links with and without names',
		kind: 'text',
		input: `Candidates to contact:
Olivia Brown https://www.linkedin.com/in/oliviabrown/
https://de.linkedin.com/in/lukas-mueller-123456789?trk=public_profile
https://linkedin.com/in/xyz123
Ethan Wright — linkedin.com/in/ethan-wright-b7a3`,
		expected: [
			{ firstName: 'Olivia', lastName: 'Brown', linkedin: li('oliviabrown') },
			{ firstName: 'Lukas', lastName: 'Mueller', linkedin: li('lukas-mueller-123456789') },
			{ firstName: 'Ethan', lastName: 'Wright', linkedin: li('ethan-wright-b7a3') },
		],
	},
	{
		name: 'text: German imprint',
		kind: 'text',
		input: `Impressum
Muster Software GmbH
Musterstraße 1, 10115 Berlin
Geschäftsführer: Max Mustermann, Erika Musterfrau
Registergericht: Amtsgericht Charlottenburg
Kontakt: info@muster-software.de`,
		expected: [
			{ firstName: 'Max', lastName: 'Mustermann', role: 'Geschäftsführer' },
			{ firstName: 'Erika', lastName: 'Musterfrau', role: 'Geschäftsführer' },
		],
	},
	{
		name: 'text: French list with chez and upper-case surnames',
		kind: 'text',
		input: `Jean DUPONT, Directeur commercial chez Capgemini
Claire MARTIN – Responsable marketing, Doctolib
Hugo Lefèvre (CTO, Alan)`,
		expected: [
			{ firstName: 'Jean', lastName: 'Dupont', role: 'Directeur commercial', companyName: 'Capgemini' },
			{ firstName: 'Claire', lastName: 'Martin', role: 'Responsable marketing', companyName: 'Doctolib' },
			{ firstName: 'Hugo', lastName: 'Lefèvre', role: 'CTO', companyName: 'Alan' },
		],
	},
	{
		name: 'text: Spanish and Italian',
		kind: 'text',
		input: `María García López - Directora de Marketing en Telefónica
Javier Fernández, Fundador de Cabify
Giulia Bianchi, Responsabile vendite presso Luxottica`,
		expected: [
			{
				firstName: 'María',
				lastName: 'García López',
				role: 'Directora de Marketing',
				companyName: 'Telefónica',
			},
			{ firstName: 'Javier', lastName: 'Fernández', role: 'Fundador', companyName: 'Cabify' },
			{ firstName: 'Giulia', lastName: 'Bianchi', role: 'Responsabile vendite', companyName: 'Luxottica' },
		],
	},
	{
		name: 'text: Markdown table',
		kind: 'text',
		input: `Shortlist:

| Name | Title | Company | Email |
|------|-------|---------|-------|
| Noah Williams | CFO | Klarna | noah.williams@klarna.com |
| Emma Johansson | Head of Data | Spotify | emma.j@spotify.com |`,
		expected: [
			{
				firstName: 'Noah',
				lastName: 'Williams',
				role: 'CFO',
				companyName: 'Klarna',
				email: 'noah.williams@klarna.com',
			},
			{
				firstName: 'Emma',
				lastName: 'Johansson',
				role: 'Head of Data',
				companyName: 'Spotify',
				email: 'emma.j@spotify.com',
			},
		],
	},
	{
		name: 'text: spreadsheet copy (tab-separated)',
		kind: 'text',
		input: `First name\tLast name\tJob title\tCompany
Liam\tO'Connor\tSales Director\tIntercom
Chloé\tDubois\tCOO\tQonto`,
		expected: [
			{ firstName: 'Liam', lastName: "O'Connor", role: 'Sales Director', companyName: 'Intercom' },
			{ firstName: 'Chloé', lastName: 'Dubois', role: 'COO', companyName: 'Qonto' },
		],
	},
	{
		name: 'text: nobody (navigation, headings, sentences)',
		kind: 'text',
		input: `Home
About Us
Contact us
Our Team
Meet the Speakers
Privacy Policy

We help revenue teams close more deals. Book a demo today!
New York
San Francisco
Product Design
Thanks for reading, see you soon.`,
		expected: [],
	},
	{
		name: 'text: prose',
		kind: 'text',
		input: `Acme announced its new funding round today. Jane Doe is the CTO of Acme and led the platform rewrite. Investors include Sequoia. "We are thrilled," said Robert Miller, the CEO of Acme, in a statement.`,
		expected: [
			{ firstName: 'Jane', lastName: 'Doe', role: 'CTO', companyName: 'Acme' },
			{ firstName: 'Robert', lastName: 'Miller', role: 'CEO', companyName: 'Acme' },
		],
	},
	{
		name: 'text: attendee list without titles',
		kind: 'text',
		input: `Attendees
- Hannah Schulz
- Oliver Jones
- Mei Tanaka
- Lunch break`,
		expected: [
			{ firstName: 'Hannah', lastName: 'Schulz' },
			{ firstName: 'Oliver', lastName: 'Jones' },
			{ firstName: 'Mei', lastName: 'Tanaka' },
		],
	},
	{
		name: 'text: one person mentioned twice',
		kind: 'text',
		input: `Jane Doe, CTO at Acme
...
Follow up with Jane Doe <jane.doe@acme.com> next week.
Her profile: https://www.linkedin.com/in/janedoe`,
		expected: [
			{ firstName: 'Jane', lastName: 'Doe', role: 'CTO', companyName: 'Acme', email: 'jane.doe@acme.com' },
		],
	},
	{
		name: 'text: title first',
		kind: 'text',
		input: `CEO: Sarah Connor
CTO – Miles Dyson
Head of Security: Kyle Reese`,
		expected: [
			{ firstName: 'Sarah', lastName: 'Connor', role: 'CEO' },
			{ firstName: 'Miles', lastName: 'Dyson', role: 'CTO' },
			{ firstName: 'Kyle', lastName: 'Reese', role: 'Head of Security' },
		],
	},
	{
		name: 'text: cards of name over title, with phones',
		kind: 'text',
		input: `Lucas Silva
Diretor Comercial
lucas.silva@natura.com.br
+55 11 91234-5678

Ana Souza
Gerente de Marketing
ana.souza@natura.com.br`,
		expected: [
			{
				firstName: 'Lucas',
				lastName: 'Silva',
				role: 'Diretor Comercial',
				email: 'lucas.silva@natura.com.br',
			},
			{ firstName: 'Ana', lastName: 'Souza', role: 'Gerente de Marketing', email: 'ana.souza@natura.com.br' },
		],
	},
	{
		name: 'text: lower and upper case pasted',
		kind: 'text',
		input: `JANE DOE, cto at Acme
mary-ann o'neil, head of people at Globex`,
		expected: [
			{ firstName: 'Jane', lastName: 'Doe', role: 'CTO', companyName: 'Acme' },
			{ firstName: 'Mary-Ann', lastName: "O'Neil", role: 'Head of People', companyName: 'Globex' },
		],
	},
	{
		name: 'text: only engineers',
		kind: 'text',
		instructions: 'only engineers',
		input: `Jane Doe, CTO at Acme
Kenji Watanabe, Senior Software Engineer at Acme
Fatima Zahra, Account Executive at Acme
Pedro Alves, Backend Developer at Acme`,
		expected: [
			{ firstName: 'Kenji', lastName: 'Watanabe', role: 'Senior Software Engineer' },
			{ firstName: 'Pedro', lastName: 'Alves', role: 'Backend Developer' },
		],
	},
	{
		name: 'csv: Apollo-style export',
		kind: 'csv',
		input: `First Name,Last Name,Title,Company,Email,Person Linkedin Url,Seniority,Departments,Mobile Phone
Rachel,Green,VP Marketing,Ralph Lauren,rachel.green@ralphlauren.com,http://www.linkedin.com/in/rachelgreen,vp,Marketing,+1 212 555 0147
Ross,Geller,Head of Research,Museum of Natural History,ross@amnh.org,http://www.linkedin.com/in/ross-geller-1a2b,head,Research,
Monica,Geller,Chef,Javu,,,,,`,
		expected: [
			{
				firstName: 'Rachel',
				lastName: 'Green',
				role: 'VP Marketing',
				companyName: 'Ralph Lauren',
				email: 'rachel.green@ralphlauren.com',
				linkedin: li('rachelgreen'),
				phone: '+1 212 555 0147',
			},
			{
				firstName: 'Ross',
				lastName: 'Geller',
				role: 'Head of Research',
				companyName: 'Museum of Natural History',
				linkedin: li('ross-geller-1a2b'),
			},
			{ firstName: 'Monica', lastName: 'Geller', role: 'Chef', companyName: 'Javu' },
		],
	},
	{
		name: 'csv: Sales Navigator-style full names',
		kind: 'csv',
		input: `Full Name,Job Title,Company Name,Profile URL,Location
Dr. Amelia Hart PhD,Chief Medical Officer,Mayo Clinic,https://www.linkedin.com/in/ameliahart,Rochester
"Van der Berg, Pieter",Operations Manager,Philips,https://nl.linkedin.com/in/pietervdberg/,Eindhoven
Ludwig van Beethoven,Composer in Residence,Wiener Philharmoniker,,Vienna`,
		expected: [
			{
				firstName: 'Amelia',
				lastName: 'Hart',
				role: 'Chief Medical Officer',
				companyName: 'Mayo Clinic',
				linkedin: li('ameliahart'),
			},
			{
				firstName: 'Pieter',
				lastName: 'van der Berg',
				role: 'Operations Manager',
				companyName: 'Philips',
				linkedin: li('pietervdberg'),
			},
			{ firstName: 'Ludwig', lastName: 'van Beethoven', role: 'Composer in Residence' },
		],
	},
	{
		name: 'csv: German semicolon export',
		kind: 'csv',
		input: `Vorname;Nachname;Position;Firma;E-Mail;Telefon
Jürgen;Weiß;Vertriebsleiter;Würth GmbH;juergen.weiss@wuerth.com;+49 7940 15-0
Anke;Schröder;Geschäftsführerin;Schröder & Söhne KG;anke@schroeder-soehne.de;`,
		expected: [
			{
				firstName: 'Jürgen',
				lastName: 'Weiß',
				role: 'Vertriebsleiter',
				companyName: 'Würth GmbH',
				email: 'juergen.weiss@wuerth.com',
			},
			{
				firstName: 'Anke',
				lastName: 'Schröder',
				role: 'Geschäftsführerin',
				companyName: 'Schröder & Söhne KG',
				email: 'anke@schroeder-soehne.de',
			},
		],
	},
	{
		name: 'csv: no headers',
		kind: 'csv',
		input: `sam.lee@figma.com,Sam Lee,Design Lead,Figma
tara@notion.so,Tara Singh,Head of Partnerships,Notion
omar.haddad@canva.com,Omar Haddad,Engineering Manager,Canva`,
		expected: [
			{
				firstName: 'Sam',
				lastName: 'Lee',
				email: 'sam.lee@figma.com',
				role: 'Design Lead',
				companyName: 'Figma',
			},
			{
				firstName: 'Tara',
				lastName: 'Singh',
				email: 'tara@notion.so',
				role: 'Head of Partnerships',
				companyName: 'Notion',
			},
			{
				firstName: 'Omar',
				lastName: 'Haddad',
				email: 'omar.haddad@canva.com',
				role: 'Engineering Manager',
				companyName: 'Canva',
			},
		],
	},
	{
		name: 'csv: one "Name, Role at Company" column',
		kind: 'csv',
		input: `Contact,Notes
"Zoe Adams, Marketing Director at Peloton",met at booth
"Ben Carter, CTO at Loom",warm intro`,
		expected: [
			{ firstName: 'Zoe', lastName: 'Adams', role: 'Marketing Director', companyName: 'Peloton' },
			{ firstName: 'Ben', lastName: 'Carter', role: 'CTO', companyName: 'Loom' },
		],
	},
	{
		name: 'csv: odd headers',
		kind: 'csv',
		input: `Person,Job,Works at,Mail,LinkedIn
Grace Park,Recruiter,Shopify,grace.park@shopify.com,linkedin.com/in/gracepark
Victor Nguyen,Data Scientist,Airbnb,victor@airbnb.com,`,
		expected: [
			{
				firstName: 'Grace',
				lastName: 'Park',
				role: 'Recruiter',
				companyName: 'Shopify',
				email: 'grace.park@shopify.com',
				linkedin: li('gracepark'),
			},
			{
				firstName: 'Victor',
				lastName: 'Nguyen',
				role: 'Data Scientist',
				companyName: 'Airbnb',
				email: 'victor@airbnb.com',
			},
		],
	},
	{
		name: 'csv: French headers',
		kind: 'csv',
		input: `Prénom,Nom,Poste,Entreprise,Courriel
Élodie,Bernard,Directrice financière,BlaBlaCar,elodie.bernard@blablacar.com
Théo,Petit,Développeur,Mirakl,theo.petit@mirakl.com`,
		expected: [
			{
				firstName: 'Élodie',
				lastName: 'Bernard',
				role: 'Directrice financière',
				companyName: 'BlaBlaCar',
				email: 'elodie.bernard@blablacar.com',
			},
			{
				firstName: 'Théo',
				lastName: 'Petit',
				role: 'Développeur',
				companyName: 'Mirakl',
				email: 'theo.petit@mirakl.com',
			},
		],
	},
	{
		name: 'csv: Spanish headers',
		kind: 'csv',
		input: `Nombre,Apellidos,Cargo,Empresa,Correo electrónico
Lucía,Hernández Ruiz,Jefa de Ventas,Glovo,lucia.hernandez@glovoapp.com
Diego,Torres,CEO,Factorial,diego@factorialhr.com`,
		expected: [
			{
				firstName: 'Lucía',
				lastName: 'Hernández Ruiz',
				role: 'Jefa de Ventas',
				companyName: 'Glovo',
				email: 'lucia.hernandez@glovoapp.com',
			},
			{
				firstName: 'Diego',
				lastName: 'Torres',
				role: 'CEO',
				companyName: 'Factorial',
				email: 'diego@factorialhr.com',
			},
		],
	},
	{
		name: 'csv: title line above the header, duplicates and rows without names',
		kind: 'csv',
		input: `Export from HubSpot 2025-01-14
Email,First name,Last name,Company name,Job title
NINA.ROSE@DATADOG.COM,nina,rose,Datadog,solutions engineer
nina.rose@datadog.com,Nina,Rose,Datadog,Solutions Engineer
,,,Datadog,
no-name@datadog.com,,,Datadog,`,
		expected: [
			{
				firstName: 'Nina',
				lastName: 'Rose',
				email: 'nina.rose@datadog.com',
				companyName: 'Datadog',
				role: 'Solutions Engineer',
			},
		],
	},
	{
		name: 'csv: event registrations with headline',
		kind: 'csv',
		input: `Attendee Name,Headline,Ticket Type
Isabella Costa,Growth Lead at Revolut | ex-N26,VIP
Kwame Mensah,Founder & CEO at Paystack,Speaker`,
		expected: [
			{ firstName: 'Isabella', lastName: 'Costa', role: 'Growth Lead', companyName: 'Revolut' },
			{ firstName: 'Kwame', lastName: 'Mensah', role: 'Founder & CEO', companyName: 'Paystack' },
		],
	},
	{
		name: 'page: team cards',
		kind: 'page',
		url: 'https://northwind.io/team',
		input: `<html><head><title>Our Team – Northwind</title><meta property="og:site_name" content="Northwind"></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a> <a href="/careers">Careers</a></nav>
<h1>Meet the team</h1>
<section class="team">
<article class="card"><img src="1.jpg" alt=""><h3 class="card__name">Ingrid Larsen</h3><p class="card__role">Co-founder &amp; CEO</p><a href="https://www.linkedin.com/in/ingridlarsen/">LinkedIn</a></article>
<article class="card"><img src="2.jpg" alt=""><h3 class="card__name">Mateo Romero</h3><p class="card__role">VP Engineering</p><a href="mailto:mateo@northwind.io">Email</a></article>
<article class="card"><img src="3.jpg" alt=""><h3 class="card__name">Yuki Sato</h3><p class="card__role">Customer Success Lead</p></article>
</section>
<footer>Contact us at <a href="mailto:hello@northwind.io">hello@northwind.io</a></footer>
</body></html>`,
		expected: [
			{
				firstName: 'Ingrid',
				lastName: 'Larsen',
				role: 'Co-founder & CEO',
				companyName: 'Northwind',
				linkedin: li('ingridlarsen'),
			},
			{
				firstName: 'Mateo',
				lastName: 'Romero',
				role: 'VP Engineering',
				companyName: 'Northwind',
				email: 'mateo@northwind.io',
			},
			{ firstName: 'Yuki', lastName: 'Sato', role: 'Customer Success Lead', companyName: 'Northwind' },
		],
	},
	{
		name: 'page: speakers as JSON-LD ItemList',
		kind: 'page',
		url: 'https://cloudconf.eu/speakers',
		input: `<html><head><title>Speakers | CloudConf 2025</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"ItemList","itemListElement":[
{"@type":"ListItem","position":1,"item":{"@type":"Person","name":"Kelsey Hightower","jobTitle":"Distinguished Engineer","worksFor":{"@type":"Organization","name":"Google"}}},
{"@type":"ListItem","position":2,"item":{"@type":"Person","givenName":"Charity","familyName":"Majors","jobTitle":"CTO","worksFor":"Honeycomb","sameAs":["https://www.linkedin.com/in/charity-majors/"]}}]}</script>
</head><body><h1>Speakers</h1><p>Tickets on sale now.</p></body></html>`,
		expected: [
			{ firstName: 'Kelsey', lastName: 'Hightower', role: 'Distinguished Engineer', companyName: 'Google' },
			{
				firstName: 'Charity',
				lastName: 'Majors',
				role: 'CTO',
				companyName: 'Honeycomb',
				linkedin: li('charity-majors'),
			},
		],
	},
	{
		name: 'page: speaker list of name and company',
		kind: 'page',
		url: 'https://fintechweek.example.org/2025/speakers',
		input: `<html><head><title>Speakers</title></head><body><main><h1>Speakers</h1>
<div class="speakers">
<div class="speaker"><h4>Anne Boden</h4><span>Starling Bank</span></div>
<div class="speaker"><h4>Nikolay Storonsky</h4><span>Revolut</span></div>
<div class="speaker"><h4>Valentin Stalf</h4><span>N26</span></div>
</div><p>Want to speak? <a href="mailto:cfp@fintechweek.example.org">Apply</a>.</p></main></body></html>`,
		expected: [
			{ firstName: 'Anne', lastName: 'Boden', companyName: 'Starling Bank' },
			{ firstName: 'Nikolay', lastName: 'Storonsky', companyName: 'Revolut' },
			{ firstName: 'Valentin', lastName: 'Stalf', companyName: 'N26' },
		],
	},
	{
		name: 'page: staff directory table with mailto links',
		kind: 'page',
		url: 'https://www.lincoln-high.example.edu/staff-directory',
		input: `<html><head><title>Staff Directory</title></head><body><h1>Staff Directory</h1>
<table><thead><tr><th>Name</th><th>Position</th><th>Email</th></tr></thead><tbody>
<tr><td>Patricia Gomez</td><td>Principal</td><td><a href="mailto:pgomez@lincoln-high.example.edu">pgomez@lincoln-high.example.edu</a></td></tr>
<tr><td>Michael O'Brien</td><td>Assistant Principal</td><td><a href="mailto:mobrien@lincoln-high.example.edu">mobrien@lincoln-high.example.edu</a></td></tr>
<tr><td>Susan Lee</td><td>Science Teacher</td><td><a href="mailto:slee@lincoln-high.example.edu">slee@lincoln-high.example.edu</a></td></tr>
</tbody></table></body></html>`,
		expected: [
			{
				firstName: 'Patricia',
				lastName: 'Gomez',
				role: 'Principal',
				email: 'pgomez@lincoln-high.example.edu',
			},
			{
				firstName: 'Michael',
				lastName: "O'Brien",
				role: 'Assistant Principal',
				email: 'mobrien@lincoln-high.example.edu',
			},
			{
				firstName: 'Susan',
				lastName: 'Lee',
				role: 'Science Teacher',
				email: 'slee@lincoln-high.example.edu',
			},
		],
	},
	{
		name: 'page: German team page',
		kind: 'page',
		url: 'https://www.beispiel-beratung.de/ueber-uns/team',
		input: `<html><head><title>Unser Team | Beispiel Beratung</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Beispiel Beratung GmbH","url":"https://www.beispiel-beratung.de"}</script></head>
<body><header><nav><a href="/">Startseite</a><a href="/kontakt">Kontakt</a></nav></header>
<h1>Unser Team</h1>
<div class="team-member"><h2>Dr. Stefan Hoffmann</h2><p>Geschäftsführer</p><p>Telefon: +49 89 1234560</p></div>
<div class="team-member"><h2>Laura Becker</h2><p>Senior Beraterin</p></div>
<div class="team-member"><h2>Jonas Wagner</h2><p>Projektleiter Digitalisierung</p></div>
</body></html>`,
		expected: [
			{
				firstName: 'Stefan',
				lastName: 'Hoffmann',
				role: 'Geschäftsführer',
				companyName: 'Beispiel Beratung GmbH',
				phone: '+49 89 1234560',
			},
			{
				firstName: 'Laura',
				lastName: 'Becker',
				role: 'Senior Beraterin',
				companyName: 'Beispiel Beratung GmbH',
			},
			{
				firstName: 'Jonas',
				lastName: 'Wagner',
				role: 'Projektleiter Digitalisierung',
				companyName: 'Beispiel Beratung GmbH',
			},
		],
	},
	{
		name: 'page: LinkedIn links named by their text',
		kind: 'page',
		url: 'https://blog.example.com/2025/women-in-climate-tech',
		input: `<html><head><title>10 women leading climate tech</title></head><body><article>
<h1>Women leading climate tech</h1>
<p>First on our list is <a href="https://www.linkedin.com/in/christiana-figueres/">Christiana Figueres</a>, who co-founded Global Optimism.</p>
<p>Next, <a href="https://uk.linkedin.com/in/sarahmcdonald?trk=article">Sarah McDonald</a> runs the carbon removal desk.</p>
<p>Read more on <a href="https://www.linkedin.com/company/climatetech/">our LinkedIn page</a>.</p>
</article></body></html>`,
		expected: [
			{ firstName: 'Christiana', lastName: 'Figueres', linkedin: li('christiana-figueres') },
			{ firstName: 'Sarah', lastName: 'McDonald', linkedin: li('sarahmcdonald') },
		],
	},
	{
		name: 'page: organization JSON-LD with employees',
		kind: 'page',
		url: 'https://www.greenleaf.example/about',
		input: `<html><head><title>About Greenleaf</title>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Organization","name":"Greenleaf Energy","employee":[
{"@type":"Person","name":"Olusegun Adeyemi","jobTitle":"Managing Director","email":"mailto:o.adeyemi@greenleaf.example"},
{"@type":"Person","name":"Freya Nilsson","jobTitle":"Head of Operations"}]},
{"@type":"WebSite","name":"Greenleaf"}]}</script></head>
<body><h1>About us</h1><p>Greenleaf Energy builds solar farms across West Africa and Scandinavia.</p></body></html>`,
		expected: [
			{
				firstName: 'Olusegun',
				lastName: 'Adeyemi',
				role: 'Managing Director',
				companyName: 'Greenleaf Energy',
				email: 'o.adeyemi@greenleaf.example',
			},
			{
				firstName: 'Freya',
				lastName: 'Nilsson',
				role: 'Head of Operations',
				companyName: 'Greenleaf Energy',
			},
		],
	},
	{
		name: 'page: product page names nobody',
		kind: 'page',
		url: 'https://www.toolkit.example/pricing',
		input: `<html><head><title>Pricing – Toolkit</title></head><body>
<nav><a href="/">Home</a><a href="/features">Features</a><a href="/pricing">Pricing</a></nav>
<h1>Simple pricing</h1>
<div class="plan"><h3>Starter</h3><p>For small teams</p></div>
<div class="plan"><h3>Business Plus</h3><p>For growing companies</p></div>
<div class="plan"><h3>Enterprise Cloud</h3><p>Talk to sales</p></div>
<footer><a href="mailto:sales@toolkit.example">sales@toolkit.example</a></footer></body></html>`,
		expected: [],
	},
	{
		name: 'page: team page with names in bold and titles after a line break',
		kind: 'page',
		url: 'https://www.smallagency.example/about-us',
		input: `<html><head><title>About us</title><meta property="og:site_name" content="Small Agency"></head><body>
<h1>About us</h1><p>We are a small agency in Lisbon.</p>
<ul class="people">
<li><b>Inês Ferreira</b><br>Creative Director</li>
<li><b>Rui Costa</b><br>Lead Developer</li>
</ul></body></html>`,
		expected: [
			{ firstName: 'Inês', lastName: 'Ferreira', role: 'Creative Director', companyName: 'Small Agency' },
			{ firstName: 'Rui', lastName: 'Costa', role: 'Lead Developer', companyName: 'Small Agency' },
		],
	},
	// Written after the extractors were done and scored before any change (decision 034: the first-run figures).
	{
		name: 'text: Slack message with mentions',
		kind: 'text',
		input: `hey @channel — can someone reach out to these folks from the webinar?
• Derek Olsen (Head of IT @ Maersk) derek.olsen@maersk.com
• Sanne de Vries, Product Owner, ING
• Wei Zhang – Data Engineer – ByteDance
cheers`,
		expected: [
			{
				firstName: 'Derek',
				lastName: 'Olsen',
				role: 'Head of IT',
				companyName: 'Maersk',
				email: 'derek.olsen@maersk.com',
			},
			{ firstName: 'Sanne', lastName: 'de Vries', role: 'Product Owner', companyName: 'ING' },
			{ firstName: 'Wei', lastName: 'Zhang', role: 'Data Engineer', companyName: 'ByteDance' },
		],
	},
	{
		name: 'text: board of directors with numbering',
		kind: 'text',
		input: `Board of Directors
1. Helen Clark — Chair
2. Rajesh Kumar — Treasurer
3. Ngozi Okafor — Secretary`,
		expected: [
			{ firstName: 'Helen', lastName: 'Clark', role: 'Chair' },
			{ firstName: 'Rajesh', lastName: 'Kumar', role: 'Treasurer' },
			{ firstName: 'Ngozi', lastName: 'Okafor', role: 'Secretary' },
		],
	},
	{
		name: 'text: newsletter paragraph',
		kind: 'text',
		input: `This week we spoke with Camille Laurent, the COO of Pennylane, about scaling finance teams. Later, Arjun Mehta joined as VP of Engineering at Razorpay. Meanwhile the weather in Paris was lovely.`,
		expected: [{ firstName: 'Camille', lastName: 'Laurent', role: 'COO', companyName: 'Pennylane' }],
	},
	{
		name: 'text: Dutch and Polish',
		kind: 'text',
		input: `Pieter Jansen, oprichter van Mollie
Agnieszka Nowak - Dyrektor sprzedaży, Allegro`,
		expected: [
			{ firstName: 'Pieter', lastName: 'Jansen', role: 'Oprichter', companyName: 'Mollie' },
			{ firstName: 'Agnieszka', lastName: 'Nowak', role: 'Dyrektor sprzedaży', companyName: 'Allegro' },
		],
	},
	{
		name: 'csv: Lusha-style export with extra columns',
		kind: 'csv',
		input: `Contact First Name,Contact Last Name,Contact Job Title,Company Name,Company Domain,Contact Email 1,Contact Phone 1,Contact LinkedIn
Harper,Collins,Chief Revenue Officer,Zendesk,zendesk.com,hcollins@zendesk.com,+1 415 555 0199,linkedin.com/in/harpercollins
Mateusz,Kowalski,Backend Developer,Allegro,allegro.pl,,,`,
		expected: [
			{
				firstName: 'Harper',
				lastName: 'Collins',
				role: 'Chief Revenue Officer',
				companyName: 'Zendesk',
				email: 'hcollins@zendesk.com',
				phone: '+1 415 555 0199',
				linkedin: li('harpercollins'),
			},
			{ firstName: 'Mateusz', lastName: 'Kowalski', role: 'Backend Developer', companyName: 'Allegro' },
		],
	},
	{
		name: 'csv: tab-separated with full name and organisation',
		kind: 'csv',
		input: `Full name\tOrganisation\tPosition\tE-mail address
Siobhán Murphy\tTrinity College Dublin\tProfessor of Economics\tsmurphy@tcd.ie
Kai Müller\tZalando SE\tTeam Lead Payments\tkai.mueller@zalando.de`,
		expected: [
			{
				firstName: 'Siobhán',
				lastName: 'Murphy',
				role: 'Professor of Economics',
				companyName: 'Trinity College Dublin',
				email: 'smurphy@tcd.ie',
			},
			{
				firstName: 'Kai',
				lastName: 'Müller',
				role: 'Team Lead Payments',
				companyName: 'Zalando SE',
				email: 'kai.mueller@zalando.de',
			},
		],
	},
	{
		name: 'page: law firm attorneys',
		kind: 'page',
		url: 'https://www.smithpartners.example/attorneys',
		input: `<html><head><title>Attorneys | Smith &amp; Partners LLP</title><meta property="og:site_name" content="Smith &amp; Partners LLP"></head><body>
<div class="attorney-list">
<a class="attorney" href="/attorneys/laura-chen"><span class="attorney-name">Laura Chen</span><span class="attorney-title">Managing Partner</span></a>
<a class="attorney" href="/attorneys/marcus-bell"><span class="attorney-name">Marcus Bell</span><span class="attorney-title">Associate</span></a>
</div></body></html>`,
		expected: [
			{ firstName: 'Laura', lastName: 'Chen', role: 'Managing Partner' },
			{ firstName: 'Marcus', lastName: 'Bell', role: 'Associate' },
		],
	},
	{
		name: 'page: French team page',
		kind: 'page',
		url: 'https://www.exemple-startup.fr/equipe',
		input: `<html><head><title>Notre équipe</title><meta property="og:site_name" content="Exemple"></head><body>
<h2>Notre équipe</h2>
<figure><img src="a.jpg"><figcaption><strong>Camille Moreau</strong><br>Directrice générale</figcaption></figure>
<figure><img src="b.jpg"><figcaption><strong>Antoine Girard</strong><br>Responsable technique</figcaption></figure>
</body></html>`,
		expected: [
			{ firstName: 'Camille', lastName: 'Moreau', role: 'Directrice générale', companyName: 'Exemple' },
			{ firstName: 'Antoine', lastName: 'Girard', role: 'Responsable technique', companyName: 'Exemple' },
		],
	},
	{
		name: 'page: blog post with author',
		kind: 'page',
		url: 'https://blog.example.io/posts/scaling-postgres',
		input: `<html><head><title>Scaling Postgres</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"BlogPosting","headline":"Scaling Postgres","author":{"@type":"Person","name":"Nora Lindqvist","jobTitle":"Staff Engineer"}}</script></head>
<body><article><h1>Scaling Postgres</h1><p>Last year we moved our main database. Here is what we learned about vacuum, indexes and replication.</p><h2>Vacuum Tuning</h2><p>Autovacuum settings matter.</p></article></body></html>`,
		expected: [{ firstName: 'Nora', lastName: 'Lindqvist', role: 'Staff Engineer' }],
	},
	{
		name: 'text: nothing but a company list',
		kind: 'text',
		input: `Target accounts:
- Stripe
- Adyen
- Mollie
- Checkout.com
- Klarna Bank`,
		expected: [],
	},
]
