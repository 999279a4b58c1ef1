// The words that give a reply's intent away, in English, German, French, Spanish, Dutch, Swedish,
// Norwegian/Danish, Italian and Portuguese. Matched against folded text (lower case, no accents,
// straight apostrophes: fold-text.ts), so "m’intéresse" is written "m'interesse" here.

const phrases = (...parts: string[]) => new RegExp(parts.join('|'), 'g')

export const OUT_OF_OFFICE_PHRASES = phrases(
	'\\bout of (the )?office\\b',
	'\\booo\\b',
	'\\bon (annual |parental |maternity |paternity |sick |medical |study )?(leave|vacation|holiday|holidays)\\b',
	'\\b(annual|parental|maternity|paternity) leave\\b',
	'\\baway from (the office|my desk|work)\\b',
	'\\bcurrently (travell?ing|away|abroad|on the road)\\b',
	'\\blimited access to (my )?e-?mail',
	'\\b(abwesenheit|abwesend|nicht im buro|im urlaub|in elternzeit|ausser haus)',
	'\\b(absente?|en conge|en vacances|absence du bureau)\\b',
	'\\b(fuera de la oficina|de vacaciones|ausente)\\b',
	'\\b(afwezig|met vakantie|niet op kantoor)\\b',
	'\\b(franvarande|pa semester|ledig)\\b',
	'\\b(fravaer|fravaer|har ferie|pa ferie)\\b',
	'\\b(fuori ufficio|in ferie|assente)\\b',
	'\\b(de ferias|fora do escritorio|ausencia)\\b',
)

export const OUT_OF_OFFICE_SUBJECT = phrases(
	'^(auto(matic)?( reply| response)?|autoreply|out of (the )?office|ooo|away|abwesenheitsnotiz|automatische antwort|absence|reponse automatique|respuesta automatica|automatisch antwoord|afwezig|franvaro|fravaer|fuori ufficio|ausencia|resposta automatica)\\b',
)

export const UNSUBSCRIBE_PHRASES = phrases(
	'\\bunsubscribe\\b',
	'\\bremove (me|us|my (e-?mail|address|name))\\b',
	'\\btake (me|us) off\\b',
	'\\bopt(-| )?(me )?out\\b',
	'\\bstop (e-?mailing|mailing|contacting|messaging|sending|writing)\\b',
	"\\b(do not|don't|never) (contact|e-?mail|email|write to|message|reach out to) (me|us)\\b",
	'\\bdelete (my|our) (data|details|information|personal data)\\b',
	'\\b(abmelden|austragen|abbestellen)\\b',
	'\\baus (ihrem|dem|eurem|deinem) verteiler\\b',
	'\\b(schreiben sie|schreibt|schreib) (mir|uns) nicht mehr\\b',
	'\\bnicht mehr (kontaktieren|anschreiben|schreiben)\\b',
	'\\b(desinscri|desabonn|retirez-moi|supprimez-moi)',
	'\\bne (souhaite|veux|voulons|souhaitons) plus recevoir\\b',
	'\\b(dame|darme|denme|darnos) de baja\\b',
	'\\bno (me|nos) (escriba|escribas|escriban|contacte|contacten)',
	'\\bno (quiero|deseo|queremos) recibir\\b',
	'\\b(uitschrijven|afmelden)\\b',
	'\\bgeen (e-?mails?|berichten|mails) meer\\b',
	'\\b(cancellarmi|cancellateci|disiscriver)',
	'\\bnon (scrivetemi|contattatemi)\\b',
	'\\b(ta bort mig|avregistrera|avsluta prenumeration|avmeld)',
	'\\b(descadastr|remover da lista|cancelar inscri|nao (me )?envie mais)',
	// "Stop." alone; "Please stop, I will call you" is a person answering, not a request to be removed.
	'^\\W*(please )?stop\\W*$',
	'\\bnever (signed up|subscribed|opted in|asked)\\b',
	'\\bremove (this|my|our) (e-?mail|address|contact|details)\\b',
	'\\b(from|off) (your|the) (database|list|mailing list|crm|distribution list)\\b',
	'\\bspam(ming)?\\b',
	'\\b(horen sie auf|unterlassen sie)\\b',
	'\\barretez de (m|nous)',
	'\\bdej(en|e|a) de (escribir|enviar|contactar)',
	'\\b(borr(en|e|a)|eliminen) mis datos\\b',
	'\\b(stop met|stuur geen)\\b',
	'\\bsluta (skicka|maila|kontakta)\\b',
	'\\bsmettete di\\b',
	'\\bparem de\\b',
)

export const REFERRAL_PHRASES = phrases(
	"\\b(not|isn't|wouldn't be) the (right|best|correct) (person|contact)\\b",
	'\\bwrong person\\b',
	'\\b(right|best|correct) (person|contact|one) (now |here )?(is|would be|to (talk|speak) to)\\b',
	'\\byou (should|could|might want to|may want to) (talk|speak|reach out|get in touch) (to|with)\\b',
	'\\b(please )?(reach out|speak|talk) to .{1,60} instead\\b',
	'\\b(please )?(reach out to|contact|get in touch with) .{1,60} instead\\b',
	'\\b(looping|loop|cc.?ing|copying|adding) in\\b',
	"\\bi'?ve (cc'?d|copied|looped in)\\b",
	'\\b(handles|owns|runs|is responsible for|is in charge of|takes care of|looks after) (this|that|our|vendor|procurement|purchasing)',
	'\\bmoved to (a )?(different|another|new) (team|role|position|company)\\b',
	'\\b(nicht zustandig|wenden sie sich (bitte )?an|richtige ansprechpartner|zustandig ist)',
	'\\b(pas la bonne personne|contactez plutot|adressez-vous a)',
	'\\b(no soy la persona (indicada|adecuada|correcta)|contacta a|contacte a|hable con)\\b',
	'\\b(niet de juiste persoon|beter contact opnemen met|gaat over)\\b',
	'\\b(inte ratt person|kontakta hellre|prata med)\\b',
	'\\b(non sono la persona giusta|rivolgersi a|rivolgetevi a)\\b',
	'\\b(nao sou a pessoa certa|fale com|falar com)\\b',
)

/** The words right before a referred person's name. */
export const REFERRAL_NAME_LEAD = phrases(
	'(talk|speak|reach out|get in touch) (to|with)',
	'(looping|loop|cc.?ing|copying|adding) in',
	'(person|contact|one) (now |here )?(is|would be)',
	// Longer phrases first: at one position the first alternative that matches wins.
	'contact opnemen met',
	'contact(ez)?( plutot)?',
	'wenden sie sich (bitte )?an',
	'contacta a|contacte a|hable con',
	'kontakta( hellre)?|prata med',
	'rivolgersi a|rivolgetevi a',
	'fale com|falar com',
	'please contact',
)

export const NOT_NOW_PHRASES = phrases(
	'\\bnot (right )?now\\b',
	'\\bnot at (the|this) (moment|time|point)\\b',
	'\\bnot (a|our) (priority|focus)\\b',
	'\\bnot this (quarter|year|month|week)\\b',
	'\\bmaybe (later|next)\\b',
	'\\blater (this|next) (year|quarter|month)\\b',
	"\\b(bad|wrong) timing\\b|\\bnot the right time\\b|\\btiming (isn't|is not) right\\b",
	'\\bbudget (freeze|is frozen|frozen)\\b',
	'\\b(ping|nudge) (me|us)\\b',
	'\\b(check|circle|come) back\\b',
	'\\b(reach|write) (out )?(again |back )?(to (me|us) )?(in|after|next|around|early|once)\\b',
	'\\b(follow up|get back to (me|us)|touch base|reconnect) (again )?(in|after|next|around|early|later|once)\\b',
	'\\brevisit\\b',
	'\\b(im moment (passt|nicht|leider)|derzeit nicht|zurzeit nicht|spater|melden sie sich (gerne |bitte )?(im|in|nach|ab|wieder|nochmal))',
	'\\b(pas pour le moment|pas maintenant|plus tard|recontactez|revenez vers)',
	'\\b(ahora no|no es (un )?buen momento|mas adelante|escribeme de nuevo|vuelv(a|e) a escribir|mas tarde)',
	'\\b(op dit moment niet|nu niet|nog eens contact|later dit jaar)',
	'\\b(inte just nu|hor av dig igen|senare)\\b',
	'\\b(non ora|al momento no|piu avanti|ricontattami|ricontattateci)\\b',
	'\\b(agora nao|mais tarde|mais para frente)\\b',
	'\\b(ikke na|senere)\\b',
	'\\btoo (early|soon)\\b',
	'\\b(try|ask|contact|email|e-mail|write to|call) (me|us) (again |back )?(in|after|next|around|early|later|once|then)\\b',
	'\\b(happy|glad|open) to (revisit|reconnect|talk|chat) (then|later|after|in|next)\\b',
	'\\b(locked|tied) (in|into)\\b',
	'\\bin the new year\\b|\\bafter the (holidays|new year|summer)\\b',
	'\\b(ahora mismo no|en este momento no)\\b',
	'\\b(noch zu fruh|nach den feiertagen|im neuen jahr)\\b',
	'\\b(trop tot|apres les fetes)\\b',
)

export const NEGATIVE_PHRASES = phrases(
	"\\b(not|aren't|isn't|am not|are not) interested\\b",
	'\\bno interest\\b',
	'\\bno,? thank(s| you)\\b',
	'\\bnot (for us|a (good )?fit|relevant)\\b',
	"\\b(we're|we are|i'm|i am) (all set|good|covered)\\b",
	'\\balready (use|using|have|work with|working with|partner with)\\b',
	'\\bhappy with (our|the|what we have)\\b',
	"\\b(we'll|we will|i'll|i will) pass\\b|\\bpass on this\\b",
	"\\b(not|aren't) looking\\b",
	"\\b(no|don't|do not) need\\b",
	'\\b(kein interesse|kein bedarf|nicht interessiert)\\b',
	'\\b(pas interess|pas besoin|ne nous interesse pas|ne m.interesse pas)',
	'\\b(no (estamos|estoy) interesad|no nos interesa|no me interesa)',
	'\\b(geen interesse|niet geinteresseerd|geen behoefte)\\b',
	'\\bnon (siamo|sono) interessat|\\bnon ci interessa\\b',
	'\\binte intresserad|\\bikke interessert\\b',
	'\\bnao (temos|tenho|estamos) interess',
	'\\bno,? (gracias|merci|danke|grazie|obrigad[oa]|bedankt|tack|takk)\\b',
	'\\b(nein|non|nee|nej|nei),? (danke|merci|bedankt|tack|takk|grazie)\\b',
	"\\b(won't|will not|not) (be )?(switching|changing|moving)\\b",
	'\\b(built|build|do) (this|it|that) in-?house\\b',
	"\\b(we|i) (don't|do not|wouldn't|would not) need\\b",
	'\\b(brauchen|benotigen) (wir )?(so etwas|das|sowas) nicht\\b|\\b(brauchen|benotigen) (wir )?kein',
	'\\b(ya tenemos|nous avons deja|wir haben (schon|bereits)|we hebben al|vi har redan|abbiamo gia|ja temos)\\b',
)

/** A whole reply that is just a no. */
export const BARE_NO = /^(no|nope|nah|no thanks|no thank you|nein|non|nee|nej|nei|no gracias|non merci)$/

export const INTERESTED_PHRASES = phrases(
	'\\binterest(ed|ing)\\b',
	'\\bsounds (good|great|interesting|promising)\\b',
	'\\btell me more\\b',
	'\\bsend (me |us |over )?(more|some|the|your)? ?(details|info|information|deck|pricing|proposal|case stud)',
	'\\bmore (details|info|information)\\b',
	"\\blet'?s (talk|chat|connect|set up|schedule|book|meet|do it)\\b",
	'\\b(happy|glad|keen|open) to (chat|talk|connect|learn|hear|meet|take a look)\\b',
	'\\b(book|schedule|set up|arrange|find) (a |some )?(call|meeting|demo|time|slot)\\b',
	'\\b(a|quick|short) (call|chat|demo)\\b',
	'\\bcalendar\\b|\\bworks for me\\b|\\bpricing\\b|\\bhow much\\b|\\bcase study\\b',
	'^(yes|sure|absolutely|definitely|great|perfect)\\b',
	'\\b(klingt (gut|spannend|interessant)|gerne|telefonieren|termin|angebot|interessant)\\b',
	"\\b(m'interesse|nous interesse|interessant|avec plaisir|un appel|rendez-vous)\\b",
	'\\b(me interesa|nos interesa|una llamada|reunion|interesante)\\b',
	'\\b(klinkt (goed|interessant)|graag|afspraak)\\b',
	'\\b(later intressant|intressant|boka|mote|garna)\\b',
	'\\b(mi interessa|ci interessa|chiamata|interessante)\\b',
	'\\b(tenho interesse|temos interesse|conversa|reuniao)\\b',
)

/** The words before a day that say the writer is back then (out of office). */
export const RETURN_CUE =
	/(back|return|returning|wieder|zuruck|retour|vuelta|regreso|regresare|terug|tillbaka|tilbake|rientr|volta|ab dem|ab|from|a partir|des le|vanaf|fran och med)\W*(\w+\W+){0,3}$/

/** The words before a day that say until when the writer is away. */
export const UNTIL_CUE = /(until|till|through|bis|jusqu|hasta|tot|fino|ate|t\.o\.m)\W*(\w+\W+){0,3}$/
