// Names in every alphabet: an applicant who reads the store in Spanish enrolls as José Muñoz-Peña, typed as some
// keyboards send it (each accent a combining mark after its letter), with her daughter Zoë, through to the receipt.
// Every form keeps the names in Unicode's composed form as they are typed, the server stores them so, and the
// carrier's 834 file of the application (checked by e2e/teardown.ts with both outside validators) spells them in ASCII.
import { expect, test } from '@playwright/test';
import { dobOfAge } from './helpers';

/** "José", "Muñoz-Peña" and "Zoë" as a keyboard that composes nothing sends them. */
const JOSE = 'Jose\u0301';
const MUNOZ_PENA = 'Mun\u0303oz-Pen\u0303a';
const ZOE = 'Zoe\u0308';

test('a Spanish applicant enrolls as José Muñoz-Peña with her daughter Zoë, typed decomposed, through to the receipt', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // The quote: Member + Children, a dental plan (no health questions).
  await page.getByLabel('Código postal').fill('30301');
  await page.getByLabel('Sexo').selectOption({ label: 'Femenino' });
  await page.getByLabel('Elija el nivel de cobertura').selectOption({ label: 'Miembro + hijos' });
  await page.getByLabel('Fecha de nacimiento').pressSequentially(dobOfAge(40).replace(/\//g, ''));
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  await page.goto('/plans?type=dental');
  // The listing's first plan (its More Info, in Spanish), within the category's section.
  await page.locator('section[aria-labelledby^="section-"]').getByRole('link', { name: /^Más información sobre / }).first().click();
  await page.getByRole('button', { name: /Agregar al carrito/ }).first().click();
  const decline = page.getByRole('button', { name: 'No, gracias' });
  const cart = page.getByRole('heading', { name: 'Mi carrito' });
  await expect(decline.or(cart)).toBeVisible();
  if (await decline.isVisible()) await decline.click();
  await expect(cart).toBeVisible();
  await page.getByRole('button', { name: 'Proceder al pago' }).click();
  const enroll = page.getByRole('button', { name: 'Inscripción del miembro' });
  const noOffer = page.getByRole('button', { name: /^No, me gustan / });
  for (let offers = 0; offers < 3; offers++) {
    await expect(noOffer.or(enroll)).toBeVisible();
    if (await enroll.isVisible()) break;
    const answered = (await noOffer.textContent()) ?? '';
    await noOffer.click();
    await expect(page.getByRole('button', { name: answered, exact: true })).toHaveCount(0);
  }
  await enroll.click();

  // Personal Information: the names typed decomposed are kept composed as they are typed.
  await expect(page.getByRole('heading', { name: 'Información personal', level: 1 })).toBeVisible();
  await page.locator('#root_first_name').fill(JOSE);
  await page.locator('#root_last_name').fill(MUNOZ_PENA);
  await expect(page.locator('#root_first_name')).toHaveValue('José');
  await expect(page.locator('#root_last_name')).toHaveValue('Muñoz-Peña');
  // A dental plan neither rates nor underwrites on a person's build: height and weight are not asked.
  await expect(page.locator('#root_marital_status')).toBeVisible();
  await expect(page.locator('#root_weight')).toHaveCount(0);
  await expect(page.locator('#root_height_feet')).toHaveCount(0);
  await page.locator('#root_marital_status').selectOption({ label: 'Casado(a)' });
  await page.locator('#root_ssn').fill('123456789');
  await page.getByLabel('Sin cobertura médica anterior').check();
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // Contact Information, at a street with its accent.
  await expect(page.getByRole('heading', { name: 'Información de contacto', level: 1 })).toBeVisible();
  await page.locator('#root_email_address').fill('jose.munoz@example.com');
  await page.locator('#root_phone_number').fill('4045550177');
  await page.locator('#root_address1').fill('12 Calle Peñasco');
  await page.locator('#root_birth_state').selectOption({ label: 'Georgia' });
  await page.locator('#root_birth_city').fill('Macon');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // Dependent Information: Zoë, her daughter, typed decomposed too.
  await expect(page.getByRole('heading', { name: 'Información de dependientes', level: 1 })).toBeVisible();
  const editing = page.locator('.list-item');
  if (!(await editing.isVisible())) {
    const listed = page.locator('.list-editor-row');
    if ((await listed.count()) > 0) await listed.first().getByRole('button', { name: /^Editar/ }).click();
    else await page.locator('.list-editor-add').click();
  }
  const field = (name: string) => page.locator(`#root_dependents_edit_${name}`);
  await field('first_name').fill(ZOE);
  await expect(field('first_name')).toHaveValue('Zoë');
  await field('last_name').fill(MUNOZ_PENA);
  await field('gender').selectOption({ label: 'Femenino' });
  await field('birthdate').pressSequentially('06012015');
  await field('ssn').fill('321549876');
  await editing.locator('.list-item-buttons button.primary').click();
  await expect(page.locator('.list-editor-row').first()).toContainText('Zoë Muñoz-Peña');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // Agreement & Signature, signed by typing the name (the same rule for names).
  await expect(page.getByRole('heading', { name: 'Acuerdo, solicitud y autorización', level: 1 })).toBeVisible();
  for (const head of ['Exactitud de esta solicitud', 'Autorización para obtener información', 'Firma y registros electrónicos']) {
    await page.getByLabel(head).check();
  }
  await page.getByLabel('Escribir mi nombre').check();
  await page.getByLabel('Escriba su nombre completo').fill(`${JOSE} ${MUNOZ_PENA}`);
  await expect(page.getByLabel('Escriba su nombre completo')).toHaveValue('José Muñoz-Peña');
  await page.getByLabel('Acepto que el nombre que escribí es mi firma electrónica').check();
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // Billing: a card in her name, accents and all; the card's address is the one given on Contact Information.
  await expect(page.getByRole('heading', { name: 'Información de facturación', level: 1 })).toBeVisible();
  await page.getByLabel('Tarjeta de crédito').check();
  await page.locator('#root_first_name_on_cc').fill(JOSE);
  await page.locator('#root_last_name_on_cc').fill(MUNOZ_PENA);
  await expect(page.locator('#root_first_name_on_cc')).toHaveValue('José');
  await page.locator('#root_card_number').fill('4111111111111111');
  await page.locator('#root_expiration_month').selectOption({ label: '08' });
  await page.locator('#root_expiration_year').selectOption({ index: 3 });
  await page.locator('#root_security_code').fill('123');
  await page.getByLabel('Elegir la dirección física').check();
  await expect(page.locator('#root_address1')).toHaveValue('12 Calle Peñasco');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // The review says the names as they were meant, composed.
  await expect(page).toHaveURL(/\/enrollment\/review-confirm/);
  await expect(page.getByRole('heading', { name: '1. Información personal' })).toBeVisible();
  const review = await page.locator('main').innerText();
  for (const name of ['José', 'Muñoz-Peña', 'Zoë']) expect(review, `the review shows ${name}`).toContain(name);
  for (const typed of [JOSE, MUNOZ_PENA, ZOE]) expect(review, 'nothing is shown as it was typed, decomposed').not.toContain(typed);
  await page.getByRole('button', { name: 'Enviar la solicitud' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Enviar su solicitud?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Enviar la solicitud' }).click();

  await expect(page).toHaveURL(/\/enrollment\/receipt/);
  await expect(page.getByText(/Su número de confirmación es \d{10}/)).toBeVisible();
  const receipt = await page.locator('main').innerText();
  expect(receipt).toContain('José Muñoz-Peña');
  expect(receipt).toContain('Zoë Muñoz-Peña');
});
